import { shopLogoUrl } from '../../../shared/api/client'
import styles from './ShopLogo.module.css'

/** The shop's logo, or its initial on the brand colour while it has none. Decorative: the name is beside it. */
export function ShopLogo({
  shopId,
  name,
  logoUploadId,
  size,
}: {
  shopId: number
  name: string
  logoUploadId: number | null
  size: number
}) {
  const box = { width: size, height: size }
  if (logoUploadId !== null) {
    return <img className={styles.logo} style={box} src={shopLogoUrl(shopId, logoUploadId)} width={size} height={size} alt="" />
  }
  return (
    <span className={`${styles.logo} ${styles.initial}`} style={{ ...box, fontSize: size * 0.42 }} aria-hidden="true">
      {[...name.trim()][0]?.toUpperCase() ?? '?'}
    </span>
  )
}
