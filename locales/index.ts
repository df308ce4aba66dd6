import type { Resource } from 'i18next'
import common from './de/common.json' with { type: 'json' }
import auth from './de/auth.json' with { type: 'json' }
import layout from './de/layout.json' with { type: 'json' }
import dashboard from './de/dashboard.json' with { type: 'json' }
import landing from './de/landing.json' with { type: 'json' }
import onboarding from './de/onboarding.json' with { type: 'json' }
import admin from './de/admin.json' with { type: 'json' }
import mail from './de/mail.json' with { type: 'json' }
import scheduling from './de/scheduling.json' with { type: 'json' }
import posts from './de/posts.json' with { type: 'json' }
import calendar from './de/calendar.json' with { type: 'json' }
import publishing from './de/publishing.json' with { type: 'json' }
import accounts from './de/accounts.json' with { type: 'json' }
import generation from './de/generation.json' with { type: 'json' }
import creator from './de/creator.json' with { type: 'json' }
import agents from './de/agents.json' with { type: 'json' }
import catalog from './de/catalog.json' with { type: 'json' }
import activity from './de/activity.json' with { type: 'json' }
import settings from './de/settings.json' with { type: 'json' }
import search from './de/search.json' with { type: 'json' }
import news from './de/news.json' with { type: 'json' }
import newsCards from './de/newsCards.json' with { type: 'json' }
import toolbox from './de/toolbox.json' with { type: 'json' }
import billing from './de/billing.json' with { type: 'json' }
import adminUsers from './de/adminUsers.json' with { type: 'json' }
import adminErrorReports from './de/adminErrorReports.json' with { type: 'json' }
import adminDiscountCodes from './de/adminDiscountCodes.json' with { type: 'json' }
import adminToolbox from './de/adminToolbox.json' with { type: 'json' }
import adminPrompts from './de/adminPrompts.json' with { type: 'json' }
import adminWorkflows from './de/adminWorkflows.json' with { type: 'json' }
import adminModels from './de/adminModels.json' with { type: 'json' }
import api from './de/api.json' with { type: 'json' }
import webhooks from './de/webhooks.json' with { type: 'json' }

export const de = { common, auth, layout, dashboard, landing, onboarding, admin, mail, scheduling, posts, calendar, publishing, accounts, generation, creator, agents, catalog, activity, search, settings, news, newsCards, toolbox, billing, adminUsers, adminErrorReports, adminDiscountCodes, adminToolbox, adminPrompts, adminWorkflows, adminModels, api, webhooks }
export const resources = { de } satisfies Resource
export const namespaces = Object.keys(de) as Array<keyof typeof de>
