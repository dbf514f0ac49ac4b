import type { AdminApplication } from '@bazaar/contract/merchant-application'
import { Card, Descriptions, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { formatIsoDate } from '../../../shared/format/date'
import { regionName } from '../../../shared/format/region'

/** What the applicant filed (SPEC §3 Shop application): the person, the document and the shop, in three cards. */
export function ApplicationDetails({ application: a }: { application: AdminApplication }) {
  const { t, i18n } = useTranslation()
  const date = (iso: string) => formatIsoDate(iso, i18n.language)
  const country = (code: string) => regionName(code, i18n.language)
  const text = (value: string) => <span dir="auto">{value || '—'}</span>

  return (
    <>
      <Card title={t('applications.section.person')} size="small" className="detail-card">
        <Descriptions
          column={1}
          size="small"
          styles={{ label: { width: 170 } }}
          items={[
            { key: 'name', label: t('applications.field.name'), children: text(a.name) },
            { key: 'birth', label: t('applications.field.birth'), children: `${date(a.birthDate)} · ${a.birthplace}` },
            { key: 'nationality', label: t('applications.field.nationality'), children: country(a.nationality) },
            { key: 'residence', label: t('applications.field.residence'), children: text(a.residence) },
            {
              key: 'address',
              label: t('applications.field.address'),
              children: text(`${a.street}, ${a.postalCode} ${a.city}`),
            },
            { key: 'contact', label: t('applications.field.contactEmail'), children: a.contactEmail },
            { key: 'account', label: t('applications.field.account'), children: `${a.userEmail} (#${a.userId})` },
          ]}
        />
      </Card>
      <Card title={t('applications.section.document')} size="small" className="detail-card">
        <Descriptions
          column={1}
          size="small"
          styles={{ label: { width: 170 } }}
          items={[
            {
              key: 'kind',
              label: t('applications.field.documentKind'),
              children: t(`applications.documentKind.${a.documentKind}` as 'applications.documentKind.passport', {
                defaultValue: a.documentKind,
              }),
            },
            { key: 'number', label: t('applications.field.documentNumber'), children: <span className="mono">{a.documentNumber}</span> },
            { key: 'valid', label: t('applications.field.validUntil'), children: date(a.documentValidUntil) },
            { key: 'issuer', label: t('applications.field.issuingCountry'), children: country(a.issuingCountry) },
          ]}
        />
      </Card>
      <Card title={t('applications.section.shop')} size="small" className="detail-card">
        <Descriptions
          column={1}
          size="small"
          styles={{ label: { width: 170 } }}
          items={[
            { key: 'type', label: t('applications.field.shopType'), children: t(`applications.shopType.${a.shopType}`) },
            { key: 'shopName', label: t('applications.field.shopName'), children: text(a.shopName) },
            {
              key: 'description',
              label: t('applications.field.description'),
              children: a.description ? (
                <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-line' }} dir="auto">
                  {a.description}
                </Typography.Paragraph>
              ) : (
                '—'
              ),
            },
          ]}
        />
      </Card>
    </>
  )
}
