import strings from '../de/onboarding.json' with { type: 'json' }
import { registerNamespace } from '../registry.ts'

registerNamespace('onboarding', strings)
