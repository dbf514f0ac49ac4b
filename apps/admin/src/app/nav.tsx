import {
  AuditOutlined,
  BankOutlined,
  CommentOutlined,
  CustomerServiceOutlined,
  DownloadOutlined,
  GiftOutlined,
  GlobalOutlined,
  NotificationOutlined,
  SafetyOutlined,
  TeamOutlined,
  UploadOutlined,
} from '@ant-design/icons'
import type { ReactNode } from 'react'

/** The side menu, in the order of an operator's day: queues first, then people, settings, books. */
export const navItems = [
  { path: '/recharges', label: 'nav.recharges', icon: <DownloadOutlined /> },
  { path: '/withdrawals', label: 'nav.withdrawals', icon: <UploadOutlined /> },
  { path: '/users', label: 'nav.users', icon: <TeamOutlined /> },
  { path: '/reviews', label: 'nav.reviews', icon: <CommentOutlined /> },
  { path: '/service', label: 'nav.service', icon: <CustomerServiceOutlined /> },
  { path: '/flagged', label: 'nav.flagged', icon: <SafetyOutlined /> },
  { path: '/notices', label: 'nav.notices', icon: <NotificationOutlined /> },
  { path: '/networks', label: 'nav.networks', icon: <GlobalOutlined /> },
  { path: '/coupons', label: 'nav.coupons', icon: <GiftOutlined /> },
  { path: '/ledger', label: 'nav.ledger', icon: <BankOutlined /> },
  { path: '/audit', label: 'nav.audit', icon: <AuditOutlined /> },
] as const satisfies readonly { path: string; label: string; icon: ReactNode }[]
