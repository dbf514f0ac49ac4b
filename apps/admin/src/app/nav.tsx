import {
  AuditOutlined,
  BankOutlined,
  CommentOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DownloadOutlined,
  FieldTimeOutlined,
  GiftOutlined,
  GlobalOutlined,
  InteractionOutlined,
  NotificationOutlined,
  ReconciliationOutlined,
  RiseOutlined,
  SafetyOutlined,
  ShopOutlined,
  SolutionOutlined,
  TagsOutlined,
  TeamOutlined,
  UploadOutlined,
} from '@ant-design/icons'
import type { ReactNode } from 'react'

/**
 * The side menu, in the order of an operator's day: the overview, the queues, then people and
 * shops, settings, books.
 */
export const navItems = [
  { path: '/overview', label: 'nav.overview', icon: <DashboardOutlined /> },
  { path: '/recharges', label: 'nav.recharges', icon: <DownloadOutlined /> },
  { path: '/withdrawals', label: 'nav.withdrawals', icon: <UploadOutlined /> },
  { path: '/applications', label: 'nav.applications', icon: <SolutionOutlined /> },
  { path: '/bond-requests', label: 'nav.bondRequests', icon: <InteractionOutlined /> },
  { path: '/users', label: 'nav.users', icon: <TeamOutlined /> },
  { path: '/shops', label: 'nav.shops', icon: <ShopOutlined /> },
  { path: '/reviews', label: 'nav.reviews', icon: <CommentOutlined /> },
  { path: '/service', label: 'nav.service', icon: <CustomerServiceOutlined /> },
  { path: '/flagged', label: 'nav.flagged', icon: <SafetyOutlined /> },
  { path: '/catalogue', label: 'nav.catalogue', icon: <TagsOutlined /> },
  { path: '/bond-levels', label: 'nav.bondLevels', icon: <RiseOutlined /> },
  { path: '/order-rules', label: 'nav.orderRules', icon: <FieldTimeOutlined /> },
  { path: '/notices', label: 'nav.notices', icon: <NotificationOutlined /> },
  { path: '/networks', label: 'nav.networks', icon: <GlobalOutlined /> },
  { path: '/coupons', label: 'nav.coupons', icon: <GiftOutlined /> },
  { path: '/ledger', label: 'nav.ledger', icon: <BankOutlined /> },
  { path: '/reconciliation', label: 'nav.reconciliation', icon: <ReconciliationOutlined /> },
  { path: '/audit', label: 'nav.audit', icon: <AuditOutlined /> },
] as const satisfies readonly { path: string; label: string; icon: ReactNode }[]
