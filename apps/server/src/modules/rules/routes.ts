import { ChainRules } from '@bazaar/contract/chain'
import { CouponRules } from '@bazaar/contract/coupon'
import { okReply } from '@bazaar/contract/envelope'
import { OrderRules } from '@bazaar/contract/orders'
import { Network } from '@bazaar/contract/wallet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ok } from '../../platform/replies.ts'
import type { ChainConfig } from '../chain/settings-service.ts'
import { publishedRules } from './service.ts'

/**
 * Every rule that moves money, published (public group): order times, network fees, minimums,
 * limits and caps, coupon bounds, the platform's time zone (where a coupon's last day ends),
 * and chain deposits.
 */
export const rulesRoutes =
  (timeZone: string, chain: ChainConfig): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/rules',
      {
        schema: {
          tags: ['rules'],
          operationId: 'getRules',
          summary: 'Published money and order rules',
          response: {
            200: okReply(
              z.object({
                orders: OrderRules,
                networks: z.array(Network),
                coupons: CouponRules,
                /** IANA zone whose midnight ends a coupon's last day (setting PLATFORM_TIME_ZONE). */
                timeZone: z.string(),
                chainDeposits: z.array(ChainRules),
              }),
            ),
          },
        },
      },
      async () => ok(await publishedRules(app.db, timeZone, chain)),
    )
  }
