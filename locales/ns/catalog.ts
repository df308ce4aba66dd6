import strings from '../de/catalog.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('catalog', strings)
