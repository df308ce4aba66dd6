export { creditBalance, debitCredits, grantCredits, grantSignupCredits, refundCredits, type DebitResult } from './ledger.server.ts'
