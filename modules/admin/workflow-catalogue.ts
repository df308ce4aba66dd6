// The workflows Postwerk really runs, as the read-only page /admin/workflows shows them. They are
// seeded (upsert by key, modules/admin/workflows.server.ts) on every start and by `npm run seed`.
// Job names and cron lines are the worker's own: tests/integration/admin-workflows.test.ts checks
// every cron trigger against the composed crontab and every named job against the worker's tasks,
// so a change of schedule that is not made here too fails the tests.

export type WorkflowStep = { name: string; description: string }

export type WorkflowTrigger =
	/** A graphile-worker cron line (UTC). */
	| { type: 'cron'; job: string; cron: string; description: string }
	/** A job enqueued for an instant (a scheduled post, one hour before it). */
	| { type: 'time'; job: string; description: string }
	/** Someone does something in the app (a button, a sign-up); `job` when it enqueues one. */
	| { type: 'user'; description: string; job?: string }

export type WorkflowDefinition = {
	/** Stable key (the seed's upsert key): lower case, digits, underscores. */
	key: string
	name: string
	description: string
	steps: Array<WorkflowStep>
	triggers: Array<WorkflowTrigger>
	isActive: boolean
}

/** A cron line of the kinds the worker uses, in German (graphile-worker reads crontabs in UTC). */
export function describeCron(cron: string) {
	const [minute, hour, ...rest] = cron.trim().split(/\s+/)
	const everyDay = rest.length === 3 && rest.every((part) => part === '*')
	if (everyDay && hour === '*' && minute === '*') return 'Jede Minute'
	if (everyDay && hour === '*' && /^\*\/\d+$/.test(minute ?? '')) return `Alle ${minute!.slice(2)} Minuten`
	if (everyDay && hour === '*' && /^\d+$/.test(minute ?? '')) return `Stündlich zur Minute ${minute}`
	if (everyDay && /^\d+$/.test(hour ?? '') && /^\d+$/.test(minute ?? '')) return `Täglich um ${hour!.padStart(2, '0')}:${minute!.padStart(2, '0')} Uhr UTC`
	return `Zeitplan „${cron}“ (UTC)`
}

const cron = (job: string, line: string): WorkflowTrigger => ({ type: 'cron', job, cron: line, description: describeCron(line) })
const step = (name: string, description: string): WorkflowStep => ({ name, description })

/** Every toolbox automation run by cron: fan out per user with the tool on, one job per user and unit of time. */
function automationFanOut(job: string, unit: string): WorkflowStep {
	return step('Benutzer verteilen', `${job} sucht die Benutzer, bei denen das Werkzeug eingeschaltet ist, und reiht je Benutzer einen Job ${job}_user ein (Job-Key je Benutzer und ${unit}: kein doppelter Lauf).`)
}

const recordRun = (runKey: string) =>
	step('Lauf festhalten', `Jeder Lauf wird einmal als Werkzeug-Lauf (Schlüssel ${runKey}) in derselben Transaktion wie seine Wirkung gespeichert und im Aktivitäts-Logbuch gezeigt; ein zweiter Lauf ändert nichts.`)

export const WORKFLOWS: ReadonlyArray<WorkflowDefinition> = [
	{
		key: 'publish_scheduled_post',
		name: 'Geplanten Post veröffentlichen',
		description:
			'Veröffentlicht jede Zustellung eines Posts (eine je Plattform) zum geplanten Zeitpunkt genau einmal: beanspruchen, senden, bei unklarem Ausgang abgleichen statt doppelt posten, bei vorübergehenden Fehlern später erneut versuchen.',
		steps: [
			step('Konto vorab prüfen', 'Eine Stunde vor dem Termin liest publishing_precheck_delivery mit dem Token des Kontos. Funktioniert das Konto nicht mehr, wird der Benutzer im Aktivitäts-Logbuch und per E-Mail gewarnt.'),
			step('Zustellung beanspruchen', "Status 'geplant' wird zu 'wird veröffentlicht' mit einer neuen Versuchs-ID, bevor ein Netzwerkaufruf erfolgt; ein Job von vor einer Umplanung veröffentlicht nicht zu früh."),
			step('Inhalt und Konto laden', 'Text und Bild der Plattform, die gewählte oder die Standard-Seite und das entschlüsselte Token. Fehlt das Konto oder muss es neu verbunden werden, schlägt die Zustellung mit einem deutschen Grund fehl.'),
			step('Senden', 'Unmittelbar vor der erstellenden Anfrage wird request_sent_at gesetzt, Zwischenstände der Plattform werden gespeichert. Ein abgelaufenes Token wird einmal erneuert und der Versand wiederholt.'),
			step('Ergebnis speichern', "Externe ID und URL, der Post gilt als veröffentlicht, Eintrag 'veröffentlicht' im Aktivitäts-Logbuch."),
			step('Abgleichen statt doppelt senden', "Bei unbekanntem Ausgang oder nach einem Absturz mitten im Versand wird auf der Plattform nach dem Beitrag gesucht. Nicht gefunden: Status 'unbestätigt'."),
			step('Erneut versuchen oder aufgeben', "Rate-Limits und vorübergehende Fehler: bis zu 5 Versuche mit exponentiellem Backoff und Zufallsanteil (mindestens Retry-After der Plattform). Danach 'fehlgeschlagen', mit E-Mail, wenn der Benutzer sie eingeschaltet hat."),
		],
		triggers: [
			{ type: 'time', job: 'publishing_publish_delivery', description: 'Zum geplanten Zeitpunkt jeder Zustellung (Job-Key publish:<Zustellung>; Umplanen ersetzt den Job, Löschen entfernt ihn).' },
			{ type: 'time', job: 'publishing_precheck_delivery', description: 'Eine Stunde vor dem geplanten Zeitpunkt (Job-Key precheck:<Zustellung>).' },
			{ type: 'user', job: 'publishing_publish_delivery', description: "'Jetzt posten': alle offenen Zustellungen des Posts werden sofort fällig." },
		],
		isActive: true,
	},
	{
		key: 'publishing_sweep',
		name: 'Überfällige Zustellungen nachholen',
		description: 'Sicherheitsnetz der Veröffentlichung: holt Zustellungen nach, deren Job verloren ging, und schliesst Versuche ab, die ein Absturz unterbrochen hat.',
		steps: [
			step('Überfällige einreihen', 'Geplante Zustellungen, die seit mehr als 30 Sekunden fällig sind (höchstens 500), bekommen ihren Job erneut, mit demselben Job-Key: keine Duplikate.'),
			step('Hängende Versuche abschliessen', "Zustellungen, die seit mehr als 10 Minuten 'wird veröffentlicht' sind, werden fortgesetzt: ohne gesendete Anfrage erneut gesendet, sonst auf der Plattform abgeglichen."),
		],
		triggers: [cron('publishing_sweep', '* * * * *')],
		isActive: true,
	},
	{
		key: 'refresh_tokens',
		name: 'Zugangstoken erneuern',
		description: 'Erneuert die Tokens verbundener Konten, bevor sie ablaufen; ein Konto, das nicht mehr erneuert werden kann, wird zum Neu-Verbinden markiert.',
		steps: [
			step('Fällige Tokens finden', 'Aktive Tokens, die in weniger als 3 Tagen ablaufen. LinkedIn ohne Refresh-Token arbeitet bis zum Ablauf weiter.'),
			step('Token erneuern', 'Unter einer Zeilensperre, damit ein rotierendes Refresh-Token nicht doppelt verbraucht wird; Seiten-Tokens (Facebook) werden mit dem neuen Token neu gelesen.'),
			step('Neu verbinden verlangen', "Lehnt die Plattform endgültig ab, wird das Konto 'neu verbinden' markiert und der Benutzer im Aktivitäts-Logbuch informiert; vorübergehende Ablehnungen werden später erneut versucht."),
		],
		triggers: [cron('publishing_refresh_tokens', '17 * * * *')],
		isActive: true,
	},
	{
		key: 'sync_metrics',
		name: 'Kennzahlen synchronisieren',
		description: 'Liest Follower-Zahlen der verbundenen Seiten und das Engagement der Posts der letzten 30 Tage von den Plattformen.',
		steps: [
			step('Follower zählen', 'Für jede verbundene Seite eines aktiven Kontos die Follower-Zahl; die Summe je Konto wird gespeichert.'),
			step('Engagement lesen', 'Für jede in den letzten 30 Tagen veröffentlichte Zustellung Aufrufe, Likes, Kommentare und Shares.'),
			step('Je Post speichern', 'Die Summen über die Plattformen eines Posts (Grundlage von Auto-Repost und Dashboard). Fehler einzelner Plattformen werden protokolliert, der Rest läuft weiter.'),
		],
		triggers: [cron('publishing_sync_metrics', '0 3 * * *')],
		isActive: true,
	},
	{
		key: 'daily_news',
		name: 'Tägliche News',
		description: 'Holt einmal pro Tag und Benutzer (in seiner Zeitzone) aktuelle Artikel aus seinen RSS/Atom-Quellen, fasst die passenden zusammen und leitet Content-Ideen ab.',
		steps: [
			step('Benutzer verteilen', 'news_daily_fanout reiht stündlich einen Job news_daily_user für jeden bestätigten Benutzer mit Keywords ein, dessen lokaler Tag noch keinen Lauf hat (Job-Key je Benutzer und Tag).'),
			step('Tag beanspruchen', 'Der Eintrag des Tages im News-Protokoll wird in der Transaktion beansprucht, die die News speichert: ein zweiter Lauf am selben Tag tut nichts.'),
			step('Quellen lesen', 'Alle Quellen gleichzeitig über den SSRF-sicheren Abruf (8 Sekunden je Quelle). Scheitern alle, wird nichts gespeichert und der Tag später erneut versucht.'),
			step('Auswählen', 'Artikel, die die News- oder Content-Keywords erwähnen, nach Relevanz und Aktualität; höchstens 10 pro Lauf.'),
			step('Zusammenfassen und Ideen', 'Zusammenfassungen mit OpenAI (ohne Schlüssel: extraktiv, Testmodus) und 4 Content-Ideen; gespeichert je Benutzer und URL.'),
		],
		triggers: [
			cron('news_daily_fanout', '7 * * * *'),
			{ type: 'user', description: "'Aktualisieren' auf /news: ein Lauf sofort (höchstens 3 in 10 Minuten je Benutzer); er zählt als Lauf des Tages." },
		],
		isActive: true,
	},
	{
		key: 'toolbox_event_planning',
		name: 'Event-Planung',
		description: 'Macht aus Feiertagen und besonderen Tagen (CH, DE, AT) der nächsten Tage Content-Ideen, einmal pro Ereignis und Benutzer.',
		steps: [
			automationFanOut('toolbox_event_planning', 'Tag'),
			step('Ereignisse finden', 'Feiertage und besondere Tage der gewählten Länder in den nächsten Tagen (Vorlauf aus den Einstellungen, Standard 7 Tage).'),
			step('Ideen anlegen', 'Je Ereignis eine Idee pro gewählter Inhaltsart, bezogen auf die Nische des Benutzers.'),
			recordRun('event:<Datum>:<Name>'),
		],
		triggers: [cron('toolbox_event_planning', '10 5 * * *')],
		isActive: true,
	},
	{
		key: 'toolbox_birthday_wishes',
		name: 'Geburtstagswünsche',
		description: 'Bereitet für Kontakte, die heute Geburtstag haben, zur eingestellten Uhrzeit einen Glückwunsch vor: als Entwurf oder als geplanten Post.',
		steps: [
			automationFanOut('toolbox_birthday_wishes', 'Viertelstunde'),
			step('Fällige Geburtstage', 'Kontakte mit Geburtstag am heutigen Tag in der Zeitzone des Benutzers (29. Februar in anderen Jahren am 28.), sobald die eingestellte Uhrzeit erreicht ist (Standard 09:00).'),
			step('Glückwunsch vorbereiten', "Glückwunschtext für den Kontakt (mit Notiz und rundem Geburtstag, wenn 'persönliche Nachricht' an ist); mit 'Post direkt planen' ein Post zur eingestellten Uhrzeit, sonst ein Entwurf."),
			recordRun('birthday:<Kontakt>:<Jahr>'),
		],
		triggers: [cron('toolbox_birthday_wishes', '*/15 * * * *')],
		isActive: true,
	},
	{
		key: 'toolbox_auto_repost',
		name: 'Auto-Repost',
		description: 'Schlägt erfolgreiche Posts nach einer Wartezeit erneut vor: als Kopie zur Überprüfung, die der Benutzer plant, veröffentlicht oder verwirft.',
		steps: [
			automationFanOut('toolbox_auto_repost', 'Tag'),
			step('Kandidaten finden', 'Veröffentlichte Posts auf den gewählten Plattformen mit Engagement (Likes + Kommentare + Shares) ab dem Mindestwert (Standard 100), veröffentlicht vor mindestens der eingestellten Zahl Tage (Standard 30).'),
			step('Zur Überprüfung vorschlagen', "Eine Kopie im Status 'Überprüfung' auf /posts; ein verworfener Vorschlag kommt nicht wieder."),
			recordRun('repost:<Post>'),
		],
		triggers: [cron('toolbox_auto_repost', '30 4 * * *')],
		isActive: true,
	},
	{
		key: 'toolbox_auto_reply',
		name: 'Auto-Antwort',
		description: 'Beantwortet neue Kommentare unter den eigenen Posts, die ein Keyword enthalten, mit einer Antwortvorlage, genau einmal pro Kommentar.',
		steps: [
			automationFanOut('toolbox_auto_reply', '10 Minuten'),
			step('Kommentare lesen', 'Über die Plattform-Adapter die Kommentare der Posts der letzten 30 Tage auf den gewählten Plattformen (ohne eigene und ohne unsere Antworten).'),
			step('Passende auswählen', 'Kommentare mit einem der Keywords (ohne Gross-/Kleinschreibung); ohne Keywords oder Vorlagen wird nichts beantwortet.'),
			step('Antwort beanspruchen und senden', 'Die Antwort wird vor dem Senden je Zustellung und Kommentar beansprucht; eine von einem Absturz hinterlassene wird abgeglichen statt erneut gesendet. {name} wird durch den Namen ersetzt.'),
			recordRun('reply:<Zustellung>:<Kommentar>'),
		],
		triggers: [cron('toolbox_auto_reply', '*/10 * * * *')],
		isActive: true,
	},
	{
		key: 'toolbox_hashtag_optimizer',
		name: 'Hashtag-Optimierer',
		description: 'Schlägt zu einem Plattformtext passende Hashtags vor, aus Text, Nische, Keywords und aktuellen News-Begriffen.',
		steps: [
			step('Werkzeug prüfen', 'Nur wenn der Hashtag-Optimierer in der Toolbox eingeschaltet ist; sonst zeigt die Oberfläche den Hinweis zum Aktivieren.'),
			step('Vorschläge berechnen', 'Aus dem Text (höchstens 10 000 Zeichen), der Nische, den Keywords und den Trendbegriffen der News; höchstens so viele wie eingestellt (Standard 30), Trendgewicht Standard 0.7.'),
			recordRun('hashtags:<Tag>:<Text>'),
		],
		triggers: [{ type: 'user', description: "'Hashtags vorschlagen' bei einem Plattformtext (Vorschau im Creator und Bearbeiten eines Posts)." }],
		isActive: true,
	},
	{
		key: 'content_generation',
		name: 'Content generieren',
		description: 'Der Creator: aus Idee, YouTube-Video, Web-Artikel, Dokument, Sprachaufnahme oder Bild entstehen Texte je Plattform und Bilder; bezahlt mit Credits, nicht Geliefertes wird erstattet.',
		steps: [
			step('Prüfen und Credits reservieren', 'Eingabe prüfen, die Kosten der gewählten Modelle in einer Transaktion abbuchen; eine wiederholte Anfrage (gleiche Anfrage-ID) findet die erste Generierung.'),
			step('Eingabe lesen', 'Transkript oder Artikel über den SSRF-sicheren Abruf, Text aus PDF, Transkription der Sprachaufnahme, Beschreibung des Bildes.'),
			step('Texte schreiben', "Je Plattform mit dem Sprachmodell des Agents. Die aktiven Prompts der Kategorien content_generation und platform_generation ('Prompts verwalten') ersetzen die eingebauten Vorlagen."),
			step('Bilder erzeugen', 'Je Seitenverhältnis mit dem Bildmodell des Agents, gleichzeitig mit den Texten; der aktive Prompt der Kategorie image_generation ersetzt die eingebaute Vorlage. Ein eigenes Bild des Benutzers wird stattdessen zugeschnitten und verwendet.'),
			step('Abrechnen', 'Nicht gelieferte Texte und Bilder werden erstattet; Einträge im Aktivitäts-Logbuch.'),
		],
		triggers: [{ type: 'user', description: "'Bilder generieren & Vorschau' im Creator; 'Bild neu generieren' für eine Plattform." }],
		isActive: true,
	},
	{
		key: 'generation_reclaim',
		name: 'Abgebrochene Generierungen erstatten',
		description: 'Gibt die reservierten Credits von Generierungen zurück, die ein Absturz oder ein Neustart unterbrochen hat.',
		steps: [
			step('Unterbrochene finden', "Generierungen, die seit mehr als 15 Minuten 'läuft' sind (höchstens 500 pro Lauf)."),
			step('Abbrechen und erstatten', "Status 'fehlgeschlagen' (unterbrochen), die reservierten Credits zurück und ein Eintrag im Aktivitäts-Logbuch; jede in eigener Transaktion, ein zweiter Lauf ändert nichts."),
		],
		triggers: [cron('generation_reclaim', '*/5 * * * *')],
		isActive: true,
	},
	{
		key: 'request_keys_prune',
		name: 'Anfrage-IDs aufräumen',
		description: 'Vergisst die Anfrage-IDs, mit denen doppelt gesendete Formulare nur einmal wirken, nach 7 Tagen.',
		steps: [
			step('Alte Anfrage-IDs finden', 'Anfrage-IDs, die älter als 7 Tage sind (ein Browser wiederholt eine Anfrage innerhalb von Sekunden).'),
			step('Löschen', 'In einem Befehl; ein zweiter Lauf ändert nichts.'),
		],
		triggers: [cron('core_prune_request_keys', '17 3 * * *')],
		isActive: true,
	},
	{
		key: 'webhooks_delivery',
		name: 'Webhooks zustellen',
		description: 'Sendet Ereignisse (Post veröffentlicht, fehlgeschlagen, unbestätigt, geplant, Generierung fertig, Credits knapp) signiert an die Webhook-Adressen der Benutzer.',
		steps: [
			step('Nachricht schreiben', 'In der Transaktion des Ereignisses: eine Nachricht je eingeschalteten, abonnierten Endpunkt und ein Job webhooks_deliver.'),
			step('Signiert senden', 'Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) über den SSRF-sicheren Abruf, 10 s Zeitlimit, keine Weiterleitungen.'),
			step('Wiederholen oder abschalten', 'Nach 5 s, 5 min, 30 min, 2 h, 5 h und 10 h mit derselben webhook-id; nach 5 Nachrichten ohne Erfolg oder 24 h Fehlern wird der Endpunkt abgeschaltet und der Besitzer per E-Mail informiert (webhooks_disabled_mail).'),
			step('Protokoll aufräumen', 'Täglich: Nachrichten und Versuche älter als 30 Tage werden gelöscht.'),
		],
		triggers: [
			{ type: 'user', job: 'webhooks_deliver', description: "Ein Ereignis eines Benutzers mit Webhooks; 'Test senden' und 'Erneut senden' in Einstellungen › API & Integrationen." },
			cron('webhooks_prune_log', '41 3 * * *'),
		],
		isActive: true,
	},
	{
		key: 'media_process',
		name: 'Hochgeladene Videos aufbereiten',
		description: 'Macht aus jedem hochgeladenen Video eine Fassung, die jedes Netzwerk annimmt (H.264/AAC-MP4 mit dem Index vorne), dazu ein Titelbild und ein Vorschaubild; der Fortschritt erscheint im Editor.',
		steps: [
			step('Prüfen', 'Das Video wird aus dem Dateispeicher in einen eigenen Arbeitsordner kopiert und mit ffprobe gelesen.'),
			step('Umwandeln oder umpacken', 'Passt es allen Netzwerken (H.264, AAC, Größe, Bildrate, Datenrate), wird es nur umgepackt, sonst mit ffmpeg umgewandelt; der Fortschritt wird höchstens sekündlich gespeichert und gemeldet.'),
			step('Titelbild und Vorschaubild', 'Aus der fertigen Fassung: das Bild an der gewählten Stelle, sonst nach der ersten Sekunde, und ein Vorschaubild von 320 px.'),
			step('Neustart', 'Ein abgebrochener Lauf beginnt bei dem, was noch fehlt; halbe Dateien werden entfernt. Bis zu 5 Versuche.'),
		],
		triggers: [{ type: 'user', job: 'media_process', description: 'Ein Video wird im Editor, im Creator oder über die API hochgeladen, oder ein anderes Titelbild gewählt.' }],
		isActive: true,
	},
	{
		key: 'model_test_video',
		name: 'Video-Modelltest',
		description: 'Erzeugt die Videos eines Modelltests im Hintergrund (Sprach- und Bildmodelle antworten sofort); ein fehlgeschlagenes Modell wird einzeln erstattet.',
		steps: [
			step('Credits abbuchen und einreihen', 'Jedes gewählte Modell auf eigener Buchung in einer Transaktion; für jedes Videomodell ein Job model_test_video.'),
			step('Video erzeugen', 'Mit dem Videomodell des Anbieters (Replicate fragt seine Vorhersage ab; ohne Schlüssel rendert der lokale Anbieter), mit Format, Auflösung, Dauer und optionalem Referenzbild.'),
			step('Speichern oder erstatten', 'Der Clip wird als Datei gespeichert und angezeigt; eine Absage des Anbieters erstattet die Credits dieses Modells, andere Fehler werden einmal wiederholt.'),
		],
		triggers: [{ type: 'user', job: 'model_test_video', description: "'Generieren' auf /model-test mit einem Videomodell." }],
		isActive: true,
	},
	{
		key: 'monthly_allowance',
		name: 'Monatliche Credits',
		description: 'Schreibt jedem laufenden Abo die Credits seiner aktuellen Periode gut, einmal pro Periode, und beendet gekündigte Abos am Periodenende.',
		steps: [
			step('Abgelaufene Perioden', 'Ein zum Periodenende gekündigtes Abo endet, der Benutzer fällt auf Free zurück. Abos aus dem Test-Checkout verlängern sich selbst; Stripe-Abos verlängert die bezahlte Rechnung (Webhook).'),
			step('Credits gutschreiben', "Die Credits des Plans für die aktuelle Periode als Buchung 'allowance', einmal pro Abo und Periode, wie oft der Lauf auch kommt."),
		],
		triggers: [cron('billing_monthly_allowance', '17 * * * *')],
		isActive: true,
	},
	{
		key: 'account_mails',
		name: 'Konto-E-Mails',
		description: 'Versendet die E-Mails zur Bestätigung der Adresse und zum Zurücksetzen des Passworts, mit Wiederholungen, wenn der Mailserver nicht antwortet.',
		steps: [
			step('Einreihen', 'Die Registrierung bzw. die Anfrage zum Zurücksetzen reiht einen Job accounts_send_mail mit Link ein.'),
			step('Senden', 'Über SMTP, ohne Konfiguration in die Entwicklungs-Mailbox; bis zu 8 Versuche.'),
		],
		triggers: [{ type: 'user', job: 'accounts_send_mail', description: "Registrierung, 'Passwort vergessen' und erneutes Senden der Bestätigung." }],
		isActive: true,
	},
]
