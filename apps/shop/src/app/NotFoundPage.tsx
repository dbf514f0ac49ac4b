import Button from 'antd-mobile/es/components/button'
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { paths } from '../shared/paths'
import { EmptyState } from '../shared/ui/EmptyState'
import { PageHeader } from '../shared/ui/PageHeader'

/** Any path the route table does not know. */
export function NotFoundPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  return (
    <>
      <PageHeader />
      <EmptyState
        icon={<QuestionCircleOutline />}
        title={t('common.notFound')}
        action={
          <Button block shape="rounded" color="primary" onClick={() => navigate(paths.home, { replace: true })}>
            {t('common.goHome')}
          </Button>
        }
      />
    </>
  )
}
