import strings from '../de/adminDiscountCodes.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('adminDiscountCodes', strings)
