import Button from 'antd-mobile/es/components/button'
import { QRCodeSVG } from 'qrcode.react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { shopUrl } from '../../../shared/navigation'
import { chatHref, paths } from '../../../shared/paths'
import { PageHeader } from '../../../shared/ui/PageHeader'
import styles from './ServicePage.module.css'

/**
 * /pages/member/service (SPEC §2 member service, with a QR code): how to reach customer
 * service. The QR code opens this page on another device; the button opens the chat, where
 * operators answer from the console.
 */
export default function ServicePage() {
  const { t } = useTranslation('messages')
  const navigate = useNavigate()
  const here = shopUrl(paths.service)
  return (
    <div className={styles.page}>
      <PageHeader title={t('servicePage.title')} />
      <section className={styles.card}>
        <p className={styles.text}>{t('servicePage.text')}</p>
        <div className={styles.qr} data-testid="service-qr">
          <QRCodeSVG value={here} size={168} marginSize={2} title={t('servicePage.scan')} />
        </div>
        <p className={styles.caption}>{t('servicePage.scan')}</p>
        <Button
          block
          color="primary"
          shape="rounded"
          className={styles.start}
          onClick={() => navigate(chatHref({ service: true }))}
          data-testid="service-chat"
        >
          {t('servicePage.start')}
        </Button>
      </section>
    </div>
  )
}
