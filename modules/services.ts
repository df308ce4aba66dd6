// The module services the composition root (server/compose.ts) builds and hands to the web layer.
import type { AccountsService } from './accounts/index.ts'

export type Services = {
	accounts: AccountsService
}
