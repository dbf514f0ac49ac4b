import type { AddressTables } from '../modules/address/tables.ts'
import type { AdminTables } from '../modules/admin/tables.ts'
import type { ArticlesTables } from '../modules/articles/tables.ts'
import type { AuthTables } from '../modules/auth/tables.ts'
import type { BondTables } from '../modules/bond/tables.ts'
import type { CartTables } from '../modules/cart/tables.ts'
import type { CatalogTables } from '../modules/catalog/tables.ts'
import type { ChainTables } from '../modules/chain/tables.ts'
import type { ChatTables } from '../modules/chat/tables.ts'
import type { CouponTables } from '../modules/coupon/tables.ts'
import type { FavouriteTables } from '../modules/favourite/tables.ts'
import type { HistoryTables } from '../modules/history/tables.ts'
import type { IntegrationsTables } from '../modules/integrations/tables.ts'
import type { MerchantTables } from '../modules/merchant/tables.ts'
import type { NoticeTables } from '../modules/notice/tables.ts'
import type { OrderTables } from '../modules/order/tables.ts'
import type { ReviewTables } from '../modules/review/tables.ts'
import type { UploadsTables } from '../modules/uploads/tables.ts'
import type { WalletTables } from '../modules/wallet/tables.ts'
import type { PlatformTables } from '../platform/tables.ts'
import type { SeedTables } from './seed/tables.ts'

/**
 * The database as Kysely sees it: each module declares its own tables (`<module>/tables.ts`),
 * read and written only by that module's repo; migrations stay one ordered history in
 * db/migrations. Timestamps are integer epoch milliseconds (`…_at_ms`), money integer cents
 * (`…_cents`), ratings integer hundredths (469 = 4.69 stars).
 */
export interface Database
  extends SeedTables,
    AuthTables,
    ArticlesTables,
    CatalogTables,
    WalletTables,
    UploadsTables,
    PlatformTables,
    AdminTables,
    OrderTables,
    CartTables,
    FavouriteTables,
    AddressTables,
    MerchantTables,
    BondTables,
    ReviewTables,
    HistoryTables,
    ChatTables,
    NoticeTables,
    CouponTables,
    IntegrationsTables,
    ChainTables {}
