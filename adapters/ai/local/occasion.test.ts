import { expect, test } from 'vitest'
import { readOccasion, withoutInstruction } from './occasion.ts'

test('a birthday idea gives the name, the role, the age and whose it is', () => {
	expect(readOccasion('Schreibe einen Geburtstagsgruss für unsere Mitarbeiterin Anna, die heute 40 wird')).toEqual({ kind: 'birthday', name: 'Anna', role: 'Mitarbeiterin', female: true, age: 40, own: true })
	expect(readOccasion('Happy Birthday an unseren Chef Thomas, 50 Jahre')).toEqual({ kind: 'birthday', name: 'Thomas', role: 'Chef', female: false, age: 50, own: true })
	expect(readOccasion('Geburtstag von Max')).toEqual({ kind: 'birthday', name: 'Max', role: null, female: null, age: null, own: false })
	expect(readOccasion('Geburtstagspost für heute')).toMatchObject({ kind: 'birthday', name: null })
})

test('an event gives its name, date, place and the listed details', () => {
	expect(readOccasion('Tag der offenen Tür in unserer Bäckerei am Samstag, 14. Juni: frische Gipfeli, Führungen durch die Backstube und ein Wettbewerb für Kinder')).toEqual({
		kind: 'event',
		event: 'Tag der offenen Tür',
		when: 'am Samstag, 14. Juni',
		where: 'in unserer Bäckerei',
		details: ['frische Gipfeli', 'Führungen durch die Backstube', 'ein Wettbewerb für Kinder'],
	})
	expect(readOccasion('Sommerfest am 5. Juli mit Grill, Musik und Hüpfburg')).toMatchObject({ kind: 'event', event: 'Sommerfest', when: 'am 5. Juli', details: ['Grill', 'Musik', 'Hüpfburg'] })
})

test('something new, a job, and an idea that is only a topic', () => {
	expect(readOccasion('Unser neues Roggenbrot aus regionalem Getreide ist ab Montag im Laden')).toMatchObject({ kind: 'launch', product: 'Roggenbrot aus regionalem Getreide', when: 'ab Montag', where: 'im Laden' })
	expect(readOccasion('Wir suchen ab sofort eine Bäckerin (80-100 %)')).toMatchObject({ kind: 'hiring', role: 'Bäckerin (80-100 %)' })
	expect(readOccasion('Warum Sie Ihre Website im Winter überarbeiten sollten')).toBeNull()
	expect(withoutInstruction('Schreibe einen kurzen Post über die Vorteile von Sauerteig.')).toBe('die Vorteile von Sauerteig')
})
