import strings from '../de/accounts.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('accounts', strings)
