export type CurrentUser = {
	id: string
	email: string
	fullName: string
	timeZone: string
	subscriptionType: 'free' | 'basic' | 'pro'
	plan: string | null
	creditsRemaining: number
	isAdmin: boolean
}

// Filled in below (work in progress).
export type AccountsService = {
	getSessionUser: (token: string) => Promise<CurrentUser | null>
}
