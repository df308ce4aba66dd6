import strings from '../de/adminPlans.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('adminPlans', strings)
