import { LogoutOutlined } from '@ant-design/icons'
import { Button, Grid, Layout, Menu, Typography } from 'antd'
import { Suspense, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Outlet, useLocation, useNavigation } from 'react-router'
import { useMe } from '../features/auth/api/get-me'
import { useLogout } from '../features/auth/api/logout'
import { readSession } from '../shared/session'
import { PageLoading } from '../shared/ui/PageLoading'
import { useFocusableScrollers } from '../shared/ui/useFocusableScrollers'
import { LanguageSelect } from './LanguageSelect'
import { navItems } from './nav'

/**
 * The console frame: side menu (a drawer-like collapsed sider below the lg breakpoint, so a
 * tablet in portrait keeps the full width for tables), header with the operator and logout.
 * `loading`: the frame while the first page's chunk is on its way (no page to show yet).
 */
export function ConsoleLayout({ loading = false }: { loading?: boolean }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const screens = Grid.useBreakpoint()
  const narrow = screens.lg === false
  // The sider's own breakpoint listener collapses it on narrow screens at mount.
  const [collapsed, setCollapsed] = useState(false)
  const me = useMe()
  const logout = useLogout()
  const email = me.data?.email ?? readSession()?.email ?? ''
  const content = useRef<HTMLElement>(null)
  useFocusableScrollers(content)
  const selected = navItems.find((item) => pathname.startsWith(item.path))?.path

  const items = navItems.map((item) => ({ key: item.path, icon: item.icon, label: <Link to={item.path}>{t(item.label)}</Link> }))

  return (
    <Layout className="console">
      <Layout.Sider
        breakpoint="lg"
        collapsedWidth={0}
        collapsed={collapsed}
        onCollapse={setCollapsed}
        width={220}
        className={narrow ? 'console-sider console-sider--overlay' : 'console-sider'}
        trigger={narrow ? undefined : null}
        zeroWidthTriggerStyle={{ top: 12 }}
      >
        <div className="brand">{t('app.brand')}</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={items}
          onClick={() => narrow && setCollapsed(true)}
          data-testid="side-menu"
        />
      </Layout.Sider>
      {narrow && !collapsed ? <div className="sider-backdrop" onClick={() => setCollapsed(true)} aria-hidden="true" /> : null}
      <Layout>
        <Layout.Header className="console-header">
          <Typography.Text className="operator" ellipsis data-testid="operator-email">
            {email}
          </Typography.Text>
          <LanguageSelect />
          <Button
            icon={<LogoutOutlined />}
            onClick={() => logout.mutate()}
            loading={logout.isPending}
            aria-label={t('app.logout')}
            data-testid="logout"
          >
            <span className="hide-xs">{t('app.logout')}</span>
          </Button>
        </Layout.Header>
        <Layout.Content ref={content} className="console-content" aria-busy={navigation.state === 'loading'}>
          {loading ? (
            <PageLoading />
          ) : (
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  )
}

/** React Router's `HydrateFallback` of the console's pages: the frame, loading. */
export function ConsoleLoading() {
  return <ConsoleLayout loading />
}
