import strings from '../de/adminModels.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('adminModels', strings)
