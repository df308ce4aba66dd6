import { CalendarDays, Cake, Hash, MessageCircleReply, Repeat2, Wrench, type LucideIcon } from 'lucide-react'

// The tools' lucide icons by name (admin_toolbox_configs.icon, kebab-case as on lucide.dev); unknown names get a wrench.
const icons: Record<string, LucideIcon> = {
	cake: Cake,
	'repeat-2': Repeat2,
	'message-circle-reply': MessageCircleReply,
	'calendar-days': CalendarDays,
	hash: Hash,
	wrench: Wrench,
}

export function ToolIcon({ name, size = 20 }: { name: string; size?: number }) {
	const Icon = icons[name] ?? Wrench
	return <Icon size={size} aria-hidden />
}
