import strings from '../de/adminErrorReports.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('adminErrorReports', strings)
