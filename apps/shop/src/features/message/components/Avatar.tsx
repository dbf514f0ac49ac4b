import type { ChatProfile } from '@bazaar/contract/chat'
import { LineIcon } from '../../../shared/ui/LineIcon'
import styles from './Avatar.module.css'
import { icons } from './icons'

/** SPEC `form.avatar`: the name's first letter on a colour of its own; customer service has its icon. */
export function Avatar({ profile, size = 44 }: { profile: ChatProfile; size?: number }) {
  const hue = ((profile.id * 47) % 360) as number
  return (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, ...(profile.service ? {} : { background: `hsl(${hue} 70% 90%)`, color: `hsl(${hue} 60% 22%)` }) }}
      aria-hidden="true"
    >
      {profile.service ? <LineIcon d={icons.headset} /> : ([...profile.name.trim()][0] ?? '?').toLocaleUpperCase()}
    </span>
  )
}
