export { logActivity, type ActivityEntry, type LogType } from './log.server.ts'
