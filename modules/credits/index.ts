export { exportLedger } from './export.server.ts'
export { creditBalance, debitCredits, grantCredits, grantSignupCredits, listLedger, refundCredits, type DebitResult, type LedgerEntry } from './ledger.server.ts'
