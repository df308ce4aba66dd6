export { grantCredits, grantSignupCredits } from './ledger.server.ts'
