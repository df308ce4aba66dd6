import strings from '../de/search.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('search', strings)
