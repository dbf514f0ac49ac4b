import type { ReactElement } from 'react'
import { Route } from 'react-router'
import { paths } from '../../shared/paths'
import { lazyPage } from '../lazy-page'
import { RequireLogin } from './account-routes'

const MessagesPage = lazyPage(() => import('../../features/message/pages/MessagesPage'))
const ChatPage = lazyPage(() => import('../../features/message/pages/ChatPage'))
const ServicePage = lazyPage(() => import('../../features/message/pages/ServicePage'))

/** The message centre and chat (SPEC §2 /pages/message/…; signed in) and customer service (open to visitors). */
export const messageRoutes: ReactElement[] = [
  <Route
    key="messages"
    path={paths.messages}
    element={
      <RequireLogin>
        <MessagesPage />
      </RequireLogin>
    }
  />,
  <Route
    key="chat"
    path={paths.chat}
    element={
      <RequireLogin>
        <ChatPage />
      </RequireLogin>
    }
  />,
  <Route key="service" path={paths.service} element={<ServicePage />} />,
]
