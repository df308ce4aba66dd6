import { expect, test } from 'vitest'
import { toPlatformView } from '#modules/publishing/descriptor.ts'
import { testPlatforms } from '#tests/support/platforms.ts'
import { commentNotices, strictestCount } from './first-comment-checks.ts'

const views = testPlatforms.descriptors.map(toPlatformView)
const view = (id: string) => views.find((d) => d.id === id)!
const member = { id: 'c-member', platform: 'linkedin', pageName: 'Erika Beispiel', pageType: 'personal' }
const page = { id: 'c-page', platform: 'linkedin', pageName: 'Muster AG', pageType: 'business' }

test('LinkedIn refuses a first comment on a member profile, not on an organization page; the network is named once per refusing channel', () => {
	const notices = commentNotices([view('linkedin'), view('mastodon')], () => 'Rezept im Link', [member, page])
	expect(notices.map((n) => [n.platform, n.channelName, n.problem.code])).toEqual([['linkedin', 'Erika Beispiel', 'first_comment_not_supported']])
	// No channels known yet: nothing refused for the page type.
	expect(commentNotices([view('linkedin')], () => 'Rezept im Link', [])).toEqual([])
	// No comment: nothing to judge.
	expect(commentNotices([view('linkedin')], () => ' ', [member])).toEqual([])
})

test('the counter takes the strictest network; a comment over a network s limit is named once for that network', () => {
	const [bluesky, linkedin] = [view('bluesky'), view('linkedin')]
	expect(strictestCount([linkedin, bluesky], 'Hallo')).toMatchObject({ platform: 'bluesky', count: 5, limit: bluesky.text.limit, over: false })
	expect(strictestCount([], 'Hallo')).toBeNull()
	const long = 'x'.repeat(bluesky.text.limit + 1)
	const notices = commentNotices([linkedin, bluesky], () => long, [member])
	expect(notices.map((n) => [n.platform, n.channelName, n.problem.code])).toEqual([
		['linkedin', 'Erika Beispiel', 'first_comment_not_supported'],
		['bluesky', null, 'text_too_long'],
	])
})
