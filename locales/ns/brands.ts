import strings from '../de/brands.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('brands', strings)
