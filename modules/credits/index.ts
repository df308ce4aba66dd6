export { exportLedger } from './export.server.ts'
export { creditBalance, debitCredits, grantCredits, grantSignupCredits, ledgerPage, listLedger, refundCredits, type DebitResult, type LedgerEntry, type LedgerPosition } from './ledger.server.ts'
