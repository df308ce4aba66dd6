export { createAccountsService, SIGNIN_LIMITS, SIGNUP_CREDITS, type AccountsService } from './service.server.ts'
export { createSendAccountMailTask, sendAccountMail } from './tasks/send-account-mail.ts'
export type { CurrentUser, AccountError, SubscriptionType } from './types.ts'
export type { DevMailbox, GoogleIdentity, GoogleSignIn, Mailer, OutgoingMail, StoredMail } from './ports.ts'
