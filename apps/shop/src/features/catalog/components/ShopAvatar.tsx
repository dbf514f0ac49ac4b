import styles from './ShopAvatar.module.css'

const palette = ['#ff7a2f', '#4f46e5', '#059669', '#db2777', '#0891b2', '#ca8a04', '#7c3aed']

/** Shops have no logo in the catalogue yet: their initial on a colour picked from the name. */
export function ShopAvatar({ name, size }: { name: string; size: number }) {
  const initial = [...name.trim()][0]?.toUpperCase() ?? '?'
  let hash = 0
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0
  return (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, fontSize: size * 0.45, background: palette[hash % palette.length] }}
      aria-hidden="true"
    >
      {initial}
    </span>
  )
}
