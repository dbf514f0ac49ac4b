import type { ReactElement } from 'react'

/**
 * Inner routes of accounts and the wallet (login, register, settings, security pages,
 * money, recharge, withdrawal, wallet addresses): a fragment of the route table.
 */
export const accountRoutes: ReactElement[] = []
