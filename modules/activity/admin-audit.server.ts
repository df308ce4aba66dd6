import type { DbOrTrx } from '#modules/core/db.server.ts'

export type AdminActor = { id: string; email: string }
/** Who made a change: a signed-in admin, or a command line tool (no user id). */
export type AuditActor = AdminActor | { id: null; email: string }

export type AdminAction = {
	/** e.g. 'user.credits_granted', 'user.plan_changed', 'user.role_changed', 'discount_code.created'. */
	action: string
	targetType: string
	targetId?: string | null
	details?: Record<string, unknown>
}

/** Records an admin's change; call it in the transaction that makes the change. */
export async function recordAdminAction(db: DbOrTrx, actor: AuditActor, entry: AdminAction) {
	await db
		.insertInto('admin_audit_log')
		.values({
			admin_id: actor.id,
			admin_email: actor.email.slice(0, 320),
			action: entry.action,
			target_type: entry.targetType.slice(0, 100),
			target_id: entry.targetId?.slice(0, 200) ?? null,
			details: JSON.stringify(entry.details ?? {}),
		})
		.execute()
}

export type AuditEntry = { id: string; adminEmail: string; action: string; targetType: string; targetId: string | null; details: unknown; createdAt: Date }

/** The newest audit entries, optionally for one target. */
export async function listAdminActions(db: DbOrTrx, filter: { targetType?: string; targetId?: string; limit?: number } = {}): Promise<Array<AuditEntry>> {
	const rows = await db
		.selectFrom('admin_audit_log')
		.select(['id', 'admin_email', 'action', 'target_type', 'target_id', 'details', 'created_at'])
		.$if(Boolean(filter.targetType), (q) => q.where('target_type', '=', filter.targetType!))
		.$if(Boolean(filter.targetId), (q) => q.where('target_id', '=', filter.targetId!))
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.limit(Math.min(200, filter.limit ?? 50))
		.execute()
	return rows.map((r) => ({ id: r.id, adminEmail: r.admin_email, action: r.action, targetType: r.target_type, targetId: r.target_id, details: r.details, createdAt: r.created_at }))
}
