import { Typography } from 'antd'

/**
 * A transaction hash or an address, shortened to its ends (the whole on hover and copy); a
 * dash when there is none. Hashes and addresses read left to right in every language.
 */
export function HashText({ text }: { text: string | null }) {
  if (!text) return <Typography.Text type="secondary">—</Typography.Text>
  const short = text.length > 14 ? `${text.slice(0, 6)}…${text.slice(-6)}` : text
  return (
    <Typography.Text className="mono" copyable={{ text }} title={text} dir="ltr">
      {short}
    </Typography.Text>
  )
}
