package convgen

// heldOutHistory names this file: its comment is the record of every
// held-out set's scores, blind and seen, in the order they were taken. The
// sets themselves are in heldout*.go; summarize/eval_test.go scores them
// (ARCHON_EVAL_HELDOUT=held-out13 go test -count=1 -run Retention -v
// ./summarize/).
//
// Blind scores of the seventh and eighth held-out sets (heldout2.go; "v5"
// and "v6" of issue #4's brief), 500-token extractive summaries of 12
// conversations each (seeds 1-6, 20K and 60K tokens), written and scored
// before the summarizer changed for them, failures not looked at:
//
//	set        summarizer            kept   decisions tasks  paths  ids    distractors shown
//	held-out7  cue phrases (6a0c2a9) 60.9%  20/48     23/48  35/48  39/48  25/48
//	held-out8  cue phrases (6a0c2a9) 77.1%  38/48     26/48  36/48  48/48  27/48
//
// The summarizer was then changed (rarity salience, shape features, notes
// in tool results and code comments, see summarize/classify.go) with only
// the tuning sets and the sixth held-out set's failures in view. held-out7
// was scored at milestones, totals only (79.7%, then 93.2%); held-out8 was
// scored once, at the end:
//
//	held-out7  shapes (afc6dec)      93.2%  35/48     48/48  48/48  48/48  0/48
//	held-out8  shapes (afc6dec)      89.6%  47/48     36/48  41/48  48/48  0/48
//
// 89.6% on held-out8 is the held-out figure. Both sets were written by the
// engineer who then changed the summarizer, so their phrasings were known
// even though their failures were not. Their losses are still unlooked at:
// the evaluation keeps them blind (no per-fact log).
//
// held-out8 was then unblinded (its losses logged and studied, so it
// counts as seen from here on) and a ninth set, HeldOut9 (heldout3.go:
// game dev, healthcare data, firmware, marketing analytics, a research
// lab; Windows and extensionless paths), was written first and scored
// once, blind, with the unchanged summarizer:
//
//	held-out9  shapes (a481d76)      86.5%  32/48     48/48  46/48  40/48  10/48
//
// The summarizer then changed for held-out8's failures only (Windows drive
// and UNC paths, extensionless Makefile-style and dotfile paths after a
// directory, "still to do" task cues): held-out8 went to 99.5% (its one
// loss is a generator artifact: a "- [x]" distractor line runs on into the
// next planted sentence, which is then read as finished work). Tuning
// sets, held-out and held-out7 stayed where they were. held-out9 was then
// scored once more, blind:
//
//	held-out9  paths (9fe6bed)       87.5%  32/48     48/48  48/48  40/48  10/48
//
// 87.5% on held-out9 is the held-out figure, below the 90% target: it
// loses 16 decisions and 8 identifiers, which ones is still unlooked at
// (the evaluation keeps it blind), and surfaces 10 of 48 distractors.
// Caveat: held-out9 was written knowing held-out8 was suspected to lose
// Windows and extensionless paths, so it has such paths, and its two path
// gains are not independent evidence of the path rules.
//
// 2026-11-29: a tenth set, HeldOut10 (heldout4.go: logistics, fintech
// KYC/AML compliance, warehouse robotics, a university learning platform;
// URL, UNC and home-relative paths, ARNs, tracking numbers, versions), was
// written before held-out9's failures were looked at. It is blind and is
// to be scored once, at the end, totals only.
//
// The generator then stopped running a planted block (checklist, numbered
// list) on into the next planted sentence (b0bc969). On the same
// summarizer held-out7 went from 93.2% to 94.3% (blind, totals) and
// held-out8 stayed at 99.5% (its DocuSign loss gone, a PagerDuty one new).
//
// 2026-11-29: held-out9 was unblinded, its last blind score 87.5% (at
// 9fe6bed); with the generator fix it kept 88.5%, and its losses were
// looked at: answers across two turns ("What should X use?" / "Foo.")
// that the summarizer never paired with their question, 0x hex
// identifiers not read as identifiers, choices stated purpose first ("For
// X we're ... Foo"), and, on held-out8, two questions answered in one
// reply (paired to the last) and near-repeat decisions about different
// names merged. The summarizer changed for those (summarize/answers.go,
// classify.go, entities.go, extractive.go). held-out9 is seen from here on:
//
//	set        summarizer            kept   decisions tasks  paths  ids    distractors shown
//	held-out9  answers (seen)        97.9%  44/48     48/48  48/48  48/48  7/48
//	held-out8  answers (seen)        100%   48/48     48/48  48/48  48/48  0/48
//	held-out7  answers (blind)       94.3%  37/48     48/48  48/48  48/48  0/48
//
// The 7 distractors held-out9 surfaced were all hypotheticals a user said
// ("Maybe one day we look at Foo; not now.") kept as critical context;
// hypotheticals are no longer context: 0/48 since, retention unchanged.
//
// 2026-11-29: held-out10 scored once, blind, totals only, with the
// summarizer above (5ef21b8), nothing tuned on it:
//
//	held-out10 answers (5ef21b8)     66.7%  23/48     18/48  48/48  39/48  15/48
//
// 66.7% on held-out10 is the held-out figure, far below the 90% target:
// on a set in new domains and phrasings the extractive summarizer keeps
// every path but only about half of the decisions and under half of the
// pending tasks, and shows 15 of 48 distractors, like the first blind
// scores of earlier sets (60-77%). Which facts it loses is unlooked at;
// the evaluation keeps it blind.
//
// held-out9's remaining losses are "Foo won the bake-off for X": no cue
// covers winning a comparison, and adding the template's own phrase would
// be tuning on it.
//
// 2026-11-29: held-out10 was then unblinded, studied after its one blind
// score of 66.7% (its losses logged and looked at), so it counts as seen
// from here on. Its failures were mostly structural, not vocabulary: a
// numbered list under a heading naming open items, a YAML tracker record
// with "state: open", minutes with "Resolved: X -> Y" and a "Why:" line,
// a request to nobody in particular ("Can someone ...?"), an answer to a
// question about leftover work, completed items struck through or marked
// "(done)", a sentence followed by its rationale on the next line, and
// identifiers without separators or with slashes. The summarizer changed
// by general rules for such shapes, not by the set's phrases
// (summarize/blocks.go, shapes.go; commits 2d067a6..b37ef72): list items
// under a heading naming tasks or decisions, key: value records read
// whole, completion marked anywhere, withdrawal as rejection, requests to
// nobody in particular, answers inheriting their question's section,
// deadlines, a reason on the next line, intent and guard comments, and
// names seldom repeated in the conversation as the subject of a choice:
//
//	set        summarizer            kept   decisions tasks  paths  ids    distractors shown
//	held-out10 shapes2 (seen)        99.0%  46/48     48/48  48/48  48/48  0/48
//	held-out9  shapes2 (seen)        99.5%  47/48     48/48  48/48  48/48  0/48
//	held-out8  shapes2 (seen)        100%   48/48     48/48  48/48  48/48  0/48
//	held-out7  shapes2 (blind)       94.3%  37/48     48/48  48/48  48/48  0/48
//
// held-out7, still blind, did not move: whatever loses its 11 decisions
// is not among the shapes held-out10 showed. That, and held-out11 (written
// meanwhile, blind), are the measures of whether the rules generalize.
// held-out10's two remaining losses are "LTI 1.3 gets the contract" in
// conversations where LTI is named often enough not to count as rare.
//
// 2026-11-29: held-out11 (heldout5.go: newsroom CMS, payroll and HR, EV
// charger fleet, building permits; written by someone who had not read the
// summarizer) scored once, blind, totals only, with the summarizer above
// (2b64c64), nothing tuned on it:
//
//	held-out11 shapes2 (2b64c64)     82.8%  40/48     29/48  42/48  48/48  13/48
//
// Up from held-out10's first blind 66.7%, still below the 90% target:
// pending tasks (29/48) and, for the first time, paths (42/48) are lost;
// 13 of 48 distractors shown. Decision reasons kept 33/40.
//
// 2026-11-29: held-out11 was then unblinded, studied after its one blind
// score of 82.8% (its losses logged and looked at), so it counts as seen
// from here on. Its losses: %APPDATA%\... paths not read as paths; a
// tracker printed as columns aligned under a header (KEY STATUS ASSIGNEE
// SUMMARY); "remind me to ... before Friday's cutoff" (no reminder cue, a
// possessive deadline); work assigned to a person by name; a yes/no
// question answered "I don't think so - ..." with "I'd go with it" after;
// and among distractors another team's choice ("Not our call, but the
// data team went with Foo") and "Just curious, no need to answer now." as
// a task. The summarizer changed by general rules (commits bf40b77..
// 938f3d5: paths.go, tables.go, obligations.go, answers.go, shapes.go,
// extractive.go): paths in every common form, tables as records,
// reminders, assignments, denied obligations, denials as answers and
// sentences that only point back, other parties' choices, completion
// stated in words, unclaimed work, cues inside URLs ignored, and routine
// narration (the same words of another file) at half score:
//
//	set        summarizer            kept   decisions tasks  paths  ids    distractors shown
//	held-out11 obligations (seen)    100%   48/48     48/48  48/48  48/48  0/48
//	held-out10 obligations (seen)    99.0%  46/48     48/48  48/48  48/48  0/48
//	held-out9  obligations (seen)    100%   48/48     48/48  48/48  48/48  0/48
//	held-out8  obligations (seen)    100%   48/48     48/48  48/48  48/48  0/48
//	held-out7  obligations (blind)   94.3%  37/48     48/48  48/48  48/48  0/48
//
// Tuning sets 100% (tuning3 up from 99.5%), held-out 100%. held-out11's
// decision reasons kept rose from 33/40 to 44/48. held-out7, blind, did
// not move again: the rules held-out11 taught are not what loses its
// decisions, so the next unseen set (held-out12) is the measure.
//
// 2026-11-29: held-out12 (heldout6.go: airline crew scheduling, insurance
// claims, restaurant POS, water-utility SCADA, streaming CDN, e-discovery;
// written by someone who had not read the summarizer) scored once, blind,
// totals only, with the summarizer above (9144848), nothing tuned on it:
//
//	held-out12 (9144848)             85.9%  46/48     33/48  48/48  38/48  8/48
//
// Blind first scores so far: held-out9 87.5%, held-out10 66.7%, held-out11
// 82.8%, held-out12 85.9%, all below the 90% target; held-out7, blind
// throughout, 94.3%. Pending tasks (33/48) and identifiers (38/48) are
// what an unseen set still loses.
//
// 2026-11-29: held-out12 was then unblinded, studied after its one blind
// score of 85.9% (its losses logged and looked at), so it counts as seen
// from here on. Its losses: identifiers of shapes no rule knew ("build
// #54691" kept only as "#54691", an ARN, an IP:port endpoint, a 7-digit
// short SHA with no letter in it); pending tasks as "Still on my plate:
// ..." and as the answer to "Remind me, what did we say we'd do ...?"
// ("We said we'd ..."), which is neither assent nor a terse name; and a
// PR description's "Moves {P} over to {X}." (verb and target apart). The
// summarizer changed by general rules (98ed10f and the commit after it:
// idshapes.go, answers.go, cues.go, classify.go): a "#NNNN" keeps the
// noun before it unless that is a function word or a verb pointing at it
// ("see #12", "fixes #12"); IPv4 addresses with a port or prefix length,
// colon-qualified names with a lowercase scheme (arn:, urn:) and bare
// non-round numbers of 7-9 digits are identifiers; an answer that opens
// in the words of a which/what question (two of its first three words)
// answers it; "on my plate", "on our plate", "we owe" and "I owe" are
// task cues; moving, migrating, switching or porting something "over
// to" or "onto" a named thing is a choice:
//
//	set        summarizer            kept   decisions tasks  paths  ids    distractors shown
//	held-out12 idshapes (seen)       100%   48/48     48/48  48/48  48/48  8/48
//	held-out11 idshapes (seen)       100%   48/48     48/48  48/48  48/48  0/48
//	held-out10 idshapes (seen)       99.0%  46/48     48/48  48/48  48/48  0/48
//	held-out9  idshapes (seen)       100%   48/48     48/48  48/48  48/48  0/48
//	held-out8  idshapes (seen)       100%   48/48     48/48  48/48  48/48  0/48
//	held-out7  idshapes (blind)      94.3%  37/48     48/48  48/48  48/48  0/48
//
// Tuning sets and held-out 100%; held-out12's decision reasons 36/46 ->
// 38/48. Left alone: held-out12 still shows 8 of 48 distractors (not
// studied). The next unseen set (held-out13) is the measure of whether
// these rules generalize.
//
// 2026-11-29: held-out13 (heldout7.go: hospital pharmacy, satellite ground
// station, semiconductor fab MES, museum archive, mobile banking,
// e-commerce search; written by someone who had not read the summarizer)
// scored once, blind, totals only, with the summarizer above (24c48e4):
//
//	held-out13 (24c48e4)             88.0%  44/48     35/48  48/48  42/48  10/48
//
// Blind first scores: 87.5%, 66.7%, 82.8%, 85.9%, 88.0% (held-out9 to 13);
// pending tasks remain what an unseen set loses most.
//
// 2026-11-29: held-out13 was then unblinded, studied after its one blind
// score of 88.0% (its losses logged and looked at), so it counts as seen
// from here on. Its losses: pending tasks as a question after a lead-in
// ("Open question we have to settle before Friday: who is going to ...?"),
// as a TODO comment on an added line of a pasted diff (code fences were
// skipped), and as "I filed a ticket to ... last week." with "Nobody has
// picked it up yet." after it; snake_case feature-flag names
// (search_ltr_rerank) not read as identifiers; a changelog's "### Changed"
// items losing on score; and among distractors another department's
// choice ("The radiology department went with Foo for their side. That's
// their stack, not ours.") and "I was able to ... so that one's closed"
// kept as pending. The summarizer changed by general rules (summarize/
// blocks.go, shapes.go, obligations.go, entities.go, classify.go): a
// question asking who will do something is a task also after a "lead-in:"
// (not "who wrote"/"who is on"), TODO and FIXME comments in fenced code
// are tasks (a diff's removed lines are not), a sentence the next one says
// is unstarted or unclaimed, pointing back at it ("Nobody has picked it
// up", "It hasn't been started"), is a task with that sentence, lower-case
// snake_case names of three words or more are identifiers, a "Changed"
// heading's list is decisions, past ability ("was able to") and "that
// one's closed" state completion, and a department, group, division or
// vendor (not only a team) making a choice, or "not ours"/"their stack",
// is another party's:
//
//	set        summarizer            kept   decisions tasks  paths  ids    distractors shown
//	held-out13 openwork (seen)       97.4%  47/48     48/48  46/48  46/48  1/48
//	held-out12 openwork (seen)       100%   48/48     48/48  48/48  48/48  4/48
//	held-out11 openwork (seen)       100%   48/48     48/48  48/48  48/48  0/48
//	held-out10 openwork (seen)       99.0%  46/48     48/48  48/48  48/48  0/48
//	held-out9  openwork (seen)       100%   48/48     48/48  48/48  48/48  0/48
//	held-out8  openwork (seen)       100%   48/48     48/48  48/48  48/48  0/48
//	held-out7  openwork (blind)      94.3%  37/48     48/48  48/48  48/48  0/48
//
// Tuning sets and held-out 100%. Left alone: an identifier only in a tool's
// timestamped log line ("10:51 traced to foo_bar_baz", read at tool
// weight), paths said once in a code comment losing on budget in 20K
// conversations, "Foo won for X" (no cue for winning), and the one
// distractor shown ("Did anyone ever benchmark Foo?" paired with an
// unrelated sentence of a later reply). The next unseen set (held-out14)
// is the measure of whether these rules generalize.
//
// 2026-11-29: held-out14 (heldout8.go: wind farm, genomics LIMS,
// ride-hailing dispatch, tax-filing SaaS, port terminal OS, transit
// timetables; written by someone who had not read the summarizer, though
// it glimpsed the first lines of this history by accident; and the brief
// of the round that studied held-out13 named some indirect task phrasings
// that held-out14's brief also suggested, which that round did not turn
// into rules) scored once, blind, totals only, with the summarizer above
// (867ac13):
//
//	held-out14 (867ac13)             78.6%  40/48     40/48  43/48  28/48  9/48
//
// Identifiers of shapes no earlier set had (turbine and flowcell ids, IMO
// ship numbers, ISO 6346 container numbers, 20-digit submission ids) are
// most of the loss. Blind first scores: 87.5%, 66.7%, 82.8%, 85.9%, 88.0%,
// 78.6% (held-out9 to 14): the cue-driven extractive summarizer does not
// reach 90% on unseen sets.
//
// 2026-11-29: held-out14 was then unblinded, studied after its one blind
// score of 78.6% (its losses logged and looked at), so it counts as seen
// from here on. Its losses: identifiers of shapes no rule had
// (HVZ5VDSX2, 20-digit numbers) and identifiers and paths in a tool's
// note (a shift handover's "watch item: X", a README's "Copy `X`") read
// at the weight of machine output; "Need to X before ..." in a code
// comment (an obligation with no subject); "X comes out ahead", a chat
// export's proposal with "+1" and "locking that in" (decisions); "On the
// list for Monday" losing on budget. Rather than adding formats, the
// summarizer changed by general rules (summarize/idshapes.go, extract.go,
// classify.go): a token is an identifier by its shape (letters and digits
// alternating, letters then 4+ digits, capitals with 2+ digits, pieces
// joined by "#" or ":", 6+ digits not round and not a Unix time), not a
// word with its version, a number with a unit, a date or a time; names in
// notes a tool read weigh 1.0 (machine output 0.3) and names in a
// sentence that asks to keep, watch, track, paste or use them weigh most;
// an obligation with no subject is a task:
//
//	set        summarizer            kept   decisions tasks  paths  ids    distractors shown
//	held-out14 openwork (seen)       90.1%  40/48     45/48  44/48  44/48  8/48
//	held-out13 openwork (seen)       97.9%  46/48     48/48  48/48  46/48  1/48
//	held-out12 openwork (seen)       100%   48/48     48/48  48/48  48/48  4/48
//	held-out11 openwork (seen)       100%   48/48     48/48  48/48  48/48  0/48
//	held-out10 openwork (seen)       99.0%  46/48     48/48  48/48  48/48  0/48
//	held-out9  openwork (seen)       100%   48/48     48/48  48/48  48/48  0/48
//	held-out8  openwork (seen)       100%   48/48     48/48  48/48  48/48  0/48
//	held-out7  openwork (blind)      94.3%  37/48     48/48  48/48  48/48  0/48
//
// Tuning sets 100% but tuning3 99.5% (one task), held-out 100%. Left
// alone: decisions by comparison ("X comes out ahead") and by a chat's
// proposal and assent; "handover" as a task heading, which makes a
// handover's status lines ("nothing else unusual") tasks and spends the
// budget; 8/48 distractors shown. The next unseen set (held-out15) is the
// measure of whether these rules generalize.
//
// 2026-11-29: held-out15 (heldout9.go: veterinary practice, ski resort
// lifts and snowmaking, craft brewery, library consortium catalogue,
// precision agriculture, hotel PMS and channel manager; written by someone
// who had read neither the summarizer nor this history) scored once,
// blind, totals only, with the summarizer above (29524af):
//
//	held-out15 (29524af)             69.3%  28/48     26/48  42/48  37/48  7/48
//
// Blind first scores of seven sets written this way: 87.5%, 66.7%, 82.8%,
// 85.9%, 88.0%, 78.6%, 69.3% (held-out9 to 15); held-out7, blind
// throughout, 94.3%. Every set rose to 90-100% once studied, and no rule
// learned from one carried the next past 90%: decisions and pending tasks
// are said in too many ways for cue rules to anticipate. The offline
// extractive summarizer does not meet the 90% target on unseen sets.
//
// 2026-12-01: three more sets were written, each by someone who had read
// neither the summarizer nor this history nor any other held-out set
// (only convgen.go, facts.go and words.go): held-out16 (heldout10.go: a
// law firm's case management, film post-production, a city's 311 and
// waste routing, an amateur sports league, a dental group, a solar
// installer), held-out17 (heldout11.go: clinical trial EDC, trucking
// telematics, a tutoring marketplace, property management, event
// ticketing, an aquarium's life support) and held-out18 (heldout12.go: a
// nonprofit's donor CRM, construction project management, an open-pit
// mine, a retail loyalty program, telecom OSS/BSS, podcast ad insertion).
// They are blind: each is to be scored once, totals only, and the
// engineer changing the summarizer has not read them. held-out15 was
// then unblinded (its losses logged and looked at) after its one blind
// score of 69.3%.
//
// 2026-12-01: held-out16 scored once, blind, totals only, with the
// summarizer at c9c04d5 (completion scoped to its clause, moving
// something to a rare name, why-questions, proposals agreed to, pending
// follow-ups, status lines, statements naming a rare thing as context;
// changed for held-out15's losses):
//
//	held-out16 (c9c04d5)             80.2%  29/48     38/48  48/48  39/48  10/48
//
// held-out16 was then unblinded and studied; what changed is in the
// commits after c9c04d5 (entities weighed by the news their sentence
// carries, rare names up to eight words before their purpose, concessions
// and winners, completion that is a condition or a denied ability,
// requests to other teams, identifiers by what they are not, statements
// and requests in rare words as a fallback with no cue at all). To see
// how the summarizer does on phrasings no cue knows without spending a
// blind set, the cue lists of decisions and tasks can be switched off
// (go test -tags ablate, ARCHON_EVAL_ABLATE=decision,task): at 4b44990
// the seen sets then keep 87.5-100% (held-out15 87.5%, held-out12 92.2%,
// held-out14 93.8%, the rest 95.8% or more). held-out17 was then scored
// once, blind, totals only:
//
//	held-out17 (4b44990)             84.9%  37/48     41/48  42/48  43/48  17/48
//
// Blind first scores this session: 80.2% (held-out16), 84.9%
// (held-out17). held-out17 was then unblinded and studied. Three more
// sets were written meanwhile the same way, blind: held-out19
// (heldout13.go: aircraft maintenance records, transit fare payments, a
// research grants office, a home-insurance adjuster's app, a used
// instrument marketplace, a zoo's veterinary hospital), held-out20
// (heldout14.go: utility outage management, police records and evidence
// custody, a sports team's scouting, a delivery tablet app, a pharma
// cold chain, a language-learning app) and held-out21 (heldout15.go:
// container booking, parking enforcement, a high school's SIS, a credit
// union's loan origination, an architecture firm's BIM, a film
// festival's submissions).
//
// 2026-12-01: held-out18 scored once, blind, totals only, with the
// summarizer changed for held-out17's losses (91f3e4e):
//
//	held-out18 (91f3e4e)             82.8%  44/48     47/48  31/48  37/48  16/48
//
// Decisions and pending tasks said in unseen ways now mostly survive
// (44/48, 47/48); paths and identifiers named in machine output (error
// and warning lines of logs), in notes and in mails are what it loses,
// mostly to the budget. held-out18 was then unblinded and studied.
//
// 2026-12-01: held-out19 scored once, blind, totals only (bff1af7; the
// context share now reserved for paths and identifiers, probes of the
// team's own phrasings, identifiers after reference nouns):
//
//	held-out19 (bff1af7)             80.2%  32/48     38/48  40/48  44/48  15/48
//
// Blind first scores this session: 80.2%, 84.9%, 82.8%, 80.2%
// (held-out16 to 19). held-out19 was then unblinded and studied.
//
// 2026-12-01: four tuning sets were written the same way, by writers who
// had read neither the summarizer nor any held-out set: tuning7
// (tuning7.go: hospital bed management, makerspace bookings, a car
// dealership's service desk, shore excursions, freezer inventory, baggage
// handling), tuning8 (bakery orders, university housing, policy renewals,
// live-ops events, snow-plow dispatch, studio bookings), tuning9
// (prescription refills, ride maintenance, customs filings, school buses,
// co-working memberships, a research vessel's data logging) and tuning10
// (compounding pharmacy, esports scheduling, pledge drives, data center
// capacity, seller payouts, signal maintenance). They are for tuning; their
// first scores, taken before anyone looked at them (a996d45), were:
//
//	tuning7    (a996d45)             91.1%  40/48     45/48  45/48  45/48  5/48
//	tuning8    (a996d45)             91.7%  44/48     44/48  42/48  46/48  12/48
//	tuning9    (a996d45)             87.0%  34/48     43/48  48/48  42/48  9/48
//	tuning10   (a996d45)             87.0%  34/48     39/48  46/48  48/48  3/48
//
// The generator then stopped running a planted piece that ends without
// punctuation ("no rush, it can wait") on into the next piece of the same
// message: it starts a line of its own, as two thoughts typed that way are
// two lines. It lifted held-out7 (blind throughout) from 99.5% to 100% and
// held-out15 from 93.2% to 94.8% at ecf535b; other sets moved by a fact or
// none. Blind scores from here on are taken with this generator.
//
// 2026-12-01: four more tuning sets written the same way: tuning11 (blood
// bank donor scheduling, a returns warehouse, city Wi-Fi, wedding venue
// bookings, a seed bank, grocery substitutions), tuning12 (air ambulance
// dispatch, alumni fundraising, kiln schedules, toll billing, NICU
// monitoring, royalty statements), tuning13 (ferry sailings, tax audit
// cases, gym classes, allergen controls, radar ingest, legal aid intake)
// and tuning14 (orchestra touring, permit-to-work, parcel lockers,
// clinician scheduling, golf irrigation, backcountry permits). First
// scores, before anyone looked at them (bc56714):
//
//	tuning11   (bc56714)             91.1%  41/48     44/48  48/48  42/48  2/48
//	tuning12   (bc56714)             91.7%  42/48     41/48  47/48  46/48  12/48
//	tuning13   (bc56714)             81.2%  45/48     29/48  44/48  38/48  6/48
//	tuning14   (bc56714)             95.8%  48/48     42/48  48/48  46/48  2/48
//
// And four more: tuning15 (museum timed entry, milk collection routes,
// sterile instruments, scooter battery swaps, a translation queue,
// poll-worker scheduling), tuning16 (airport ground equipment, private
// bank onboarding, vineyard barrels, exam scheduling, home-health visits,
// projection booths), tuning17 (furnace maintenance, trust-and-safety,
// berth scheduling, clinical placements, inverter monitoring, comic
// preorders) and tuning18 (animal shelter fosters, ski rentals, meter
// reading, moot court, exhibitor services, nutrient dosing). First
// scores, before anyone looked at them (38b5419):
//
//	tuning15   (38b5419)             90.1%  38/48     40/48  48/48  47/48  3/48
//	tuning16   (38b5419)             88.5%  38/48     40/48  45/48  47/48  10/48
//	tuning17   (38b5419)             90.1%  47/48     40/48  44/48  42/48  22/48
//	tuning18   (38b5419)             91.1%  46/48     44/48  46/48  39/48  17/48
//
// First scores of sets nobody had looked at, batch by batch: held-out16
// to 19 80.2-84.9%; tuning7-10 87.0-91.7% (mean 89.2%); tuning11-14
// 81.2-95.8% (mean 90.0%); tuning15-18 88.5-91.1% (mean 90.0%).
//
// 2026-12-01: held-out20 scored once, blind, totals only (f76427f):
//
//	held-out20 (f76427f)             87.0%  36/48     40/48  46/48  45/48  7/48
//
// held-out20 was then unblinded and studied.
//
// 2026-12-01: four more blind sets, written by helpers who read neither
// the summarizer nor any other held-out set: held-out22 (heldout16.go: an
// NGO's field logistics and cash transfers, marina slip rentals,
// interlibrary document delivery, semiconductor field service, bike-share
// rebalancing, hospice care scheduling), held-out23 (heldout17.go: a TV
// newsroom's rundown, glass recycling, ski race timing, dermatology photo
// records, a spare-parts e-shop, sewer inspection robots), held-out24
// (heldout18.go: an opera house, a copper mine's assay lab, duty-free
// bonded stock, hydrant inspections, language school placement, a
// beekeeping cooperative) and held-out25 (heldout19.go: laundry route
// sheets, visa appointments, an ice rink, car-sharing damage reports,
// biobank consent records, print job tickets). held-out21 to held-out25
// were then scored once each, blind, totals only (59f6d16):
//
//	held-out21 (59f6d16)             92.2%  44/48     40/48  45/48  48/48  16/48
//	held-out22 (59f6d16)             94.8%  48/48     40/48  47/48  47/48  4/48
//	held-out23 (59f6d16)             92.7%  43/48     40/48  47/48  48/48  4/48
//	held-out24 (59f6d16)             99.5%  48/48     48/48  47/48  48/48  4/48
//	held-out25 (59f6d16)             89.6%  45/48     32/48  48/48  47/48  11/48
//
// Pooled: 900 of 960 planted facts (93.8%); four of the five sets reach
// 90%, held-out25 falls short by 0.4 points, on pending tasks (32/48).
// Decisions said in unseen ways now survive (228/240), where earlier blind
// sets kept 29-37 of 48; pending tasks (200/240) are what the summarizer
// loses most. Decision reasons kept: 188 of 228.
//
// 2026-12-01: two tuning sets written the same way, heavy on pending tasks
// said indirectly: tuning19 (rally logistics, lifeguard scheduling, a tea
// importer's customs, hive inspections, utility-line clearance, telescope
// time) and tuning20 (blade inspections, a box office, pet insurance
// claims, a research computing cluster, a food bank, elevator
// maintenance). First scores, before anyone looked at them (ea883da):
//
//	tuning19   (ea883da)             89.1%  41/48     40/48  46/48  44/48  6/48
//	tuning20   (ea883da)             89.1%  45/48     32/48  46/48  48/48  11/48
//
// tuning22 (a tattoo studio, a clinical trial's randomisation desk, a
// model railway club, a geothermal well field, a court reporting agency,
// piano restoration), written to put paths and identifiers in hard spots
// (stack traces, crontabs, INI and JSON, CSV exports, diff hunks, shell
// prompts, once each), first score before anyone looked at it (1172a6e):
//
//	tuning22   (1172a6e)             72.9%  34/48     35/48  32/48  39/48  5/48
//
// tuning21 (a glassblowing studio, a rare-books dealer, quarry blasting, a
// hearing-aid clinic, a hotel laundry, a zoo's nutrition kitchen), heavy
// on decisions said indirectly, first score before study (c19b56d):
//
//	tuning21   (c19b56d)             86.5%  42/48     31/48  46/48  47/48  8/48
//
// 2026-12-01: four more blind sets, written by helpers asked for sets hard
// in the ways real conversations are hard, in unusual domains, who read
// neither the summarizer nor any other held-out set: held-out26
// (heldout20.go: cemetery plots, a fishing fleet's catch logs, play
// therapy, satellite pass planning, a wine auction, a snow-removal depot),
// held-out27 (heldout21.go: circus rigging, a medical examiner's cases, a
// dam's spillway, piano restoration, migratory beekeeping, an opera
// wardrobe), held-out28 (heldout22.go: a zoo nutrition kitchen, mountain
// rescue, mail sorting, stained-glass conservation, offshore permits to
// work, a plasma courier) and held-out29 (heldout23.go: pipe organs, a
// wine auction's cellar, an ice-core archive, a touring circus, a honey
// cooperative, a parish cemetery). Scored once each, blind, totals only,
// together with a second scoring of held-out21-25, still unseen (b460b92):
//
//	held-out26 (b460b92)             83.9%  43/48     38/48  42/48  38/48  13/48
//	held-out27 (b460b92)             78.6%  35/48     38/48  37/48  41/48  38/48
//	held-out28 (b460b92)             79.2%  35/48     37/48  37/48  43/48  13/48
//	held-out29 (b460b92)             84.9%  41/48     35/48  43/48  44/48  19/48
//	held-out21 (b460b92)             91.1%  44/48     38/48  45/48  48/48  18/48
//	held-out22 (b460b92)             94.8%  48/48     40/48  47/48  47/48  2/48
//	held-out23 (b460b92)             93.2%  44/48     40/48  47/48  48/48  4/48
//	held-out24 (b460b92)             99.5%  48/48     48/48  47/48  48/48  4/48
//	held-out25 (b460b92)             91.1%  46/48     34/48  48/48  47/48  13/48
//
// The new batch is much harder than the one before: 627 of 768 (81.6%)
// against 902 of 960 (94.0%) for held-out21-25 at the same commit. All nine
// blind sets together: 1529 of 1728 (88.5%), short of the 90% target.
// held-out26-29 were then unblinded and studied; held-out21-25 stay blind.
//
// 2026-12-01: held-out30 (heldout24.go: a bell foundry's ring, racing
// pigeons, a herbarium's loans, Channel swim piloting, a cheese cave, a
// volcano observatory), held-out31 (heldout25.go: a bell foundry's
// casting, harbour pilotage, herbarium digitisation, dialysis chairs,
// queen rearing, an ice rink), held-out32 (heldout26.go: falconry, a paper
// mill's pulper, forensic accounting, ski-jump snowmaking, Braille
// transcription, a sugar beet campaign) and held-out33 (heldout27.go:
// taxidermy, port pilotage, a cord-blood bank, fly-tower rigging, rice
// drying, court interpreting), written with the same brief as 26-29 by
// helpers who read neither the summarizer nor any other held-out set (one
// saw about six texts of another new set in a failing test's output), were
// scored once each, blind, totals only, with held-out21-25 rescored, still
// unseen (1ea7f76):
//
//	held-out30 (1ea7f76)             80.2%  40/48     32/48  44/48  38/48  22/48
//	held-out31 (1ea7f76)             87.0%  35/48     40/48  48/48  44/48  25/48
//	held-out32 (1ea7f76)             87.5%  40/48     46/48  37/48  45/48  24/48
//	held-out33 (1ea7f76)             87.5%  39/48     40/48  45/48  44/48  21/48
//	held-out21 (1ea7f76)             91.1%  44/48     38/48  45/48  48/48  18/48
//	held-out22 (1ea7f76)             93.8%  48/48     40/48  45/48  47/48  3/48
//	held-out23 (1ea7f76)             93.2%  44/48     40/48  47/48  48/48  4/48
//	held-out24 (1ea7f76)             99.5%  48/48     48/48  47/48  48/48  4/48
//	held-out25 (1ea7f76)             91.1%  46/48     34/48  48/48  47/48  13/48
//
// held-out30-33 pooled: 657 of 768 (85.5%), up from 81.6% for the batch
// written the same way before (26-29, before they were studied), still
// short of 90%; held-out21-25: 900 of 960 (93.8%). Decisions (154/192) and
// pending tasks (158/192) said in new ways are what the hard sets lose,
// and they surface more distractors (92/192). held-out30-33 were then
// unblinded and studied.
//
// 2026-12-01: held-out34 (heldout28.go: glacier walks, a veterinary blood
// bank, a Stearman restoration, a school-bus depot, a kelp farm, a museum
// registrar's loans), held-out35 (heldout29.go: a crematorium, hop kilns,
// orchestra instrument insurance, a wastewater lab, a ferry ticket desk, a
// mushroom grower), held-out36 (heldout30.go: a bobsleigh track's ice, a
// newborn hearing screen, a typefoundry, a cattle mart, a tunnel segment
// yard, library home delivery) and held-out37 (heldout31.go: chocolate
// tempering, a prison library, a wind tunnel, egg grading, a harp maker,
// search-and-rescue dogs), same brief, same rules, scored once each,
// blind, totals only, with held-out21-25 rescored, still unseen (2900d7c):
//
//	held-out34 (2900d7c)             91.1%  44/48     46/48  45/48  40/48  17/48
//	held-out35 (2900d7c)             91.7%  41/48     43/48  48/48  44/48  22/48
//	held-out36 (2900d7c)             87.5%  34/48     44/48  47/48  43/48  17/48
//	held-out37 (2900d7c)             85.4%  37/48     43/48  46/48  38/48  14/48
//	held-out21 (2900d7c)             91.1%  44/48     38/48  45/48  48/48  18/48
//	held-out22 (2900d7c)             93.8%  48/48     40/48  45/48  47/48  3/48
//	held-out23 (2900d7c)             93.8%  45/48     40/48  47/48  48/48  4/48
//	held-out24 (2900d7c)             98.4%  48/48     47/48  46/48  48/48  4/48
//	held-out25 (2900d7c)             91.1%  46/48     34/48  48/48  47/48  13/48
//
// held-out34-37 pooled: 683 of 768 (88.9%), the third batch of this brief
// (81.6%, 85.5%, 88.9%); held-out21-25: 899 of 960 (93.6%). Seven of these
// nine unseen sets reach 90%; all nine together keep 1582 of 1728 (91.6%).
// Decisions said in new ways (156/192 in held-out34-37) remain the loss.
// held-out34-37 were then unblinded and studied.
//
// 2026-12-01: held-out38 (heldout32.go: a violin repair bench, an inshore
// lifeboat, sterile services, a cider press co-op, a signal box, wildlife
// rehabilitation), held-out39 (heldout33.go: salt-mine haulage, community
// radio playout, a bone-marrow registry, marionettes, a grain elevator,
// coastal erosion surveys), held-out40 (heldout34.go: canal locks, cheese
// caves, a bell foundry, a honey house, a planetarium, a tram museum) and
// held-out41 (heldout35.go: glass sorting, an archive's map room, neonatal
// transport, cork harvest, a circus school, weather balloons), same brief,
// same rules, scored once each, blind, totals only, with held-out21-25
// rescored, still unseen (6defcc3):
//
//	held-out38 (6defcc3)             93.8%  46/48     48/48  43/48  43/48  16/48
//	held-out39 (6defcc3)             92.2%  40/48     45/48  46/48  46/48  21/48
//	held-out40 (6defcc3)             83.9%  41/48     35/48  39/48  46/48  27/48
//	held-out41 (6defcc3)             94.3%  43/48     44/48  46/48  48/48  10/48
//	held-out21 (6defcc3)             91.1%  44/48     38/48  45/48  48/48  18/48
//	held-out22 (6defcc3)             93.8%  48/48     40/48  45/48  47/48  3/48
//	held-out23 (6defcc3)             93.8%  45/48     40/48  47/48  48/48  4/48
//	held-out24 (6defcc3)             98.4%  48/48     47/48  46/48  48/48  4/48
//	held-out25 (6defcc3)             91.7%  48/48     34/48  47/48  47/48  13/48
//
// held-out38-41 pooled: 699 of 768 (91.0%), the fourth batch of this
// brief, each scored before study (81.6%, 85.5%, 88.9%, 91.0%);
// held-out21-25: 900 of 960 (93.8%). Eight of these nine unseen sets reach
// 90%, held-out40 keeps 83.9% (pending tasks 35/48, paths 39/48); all nine
// together keep 1599 of 1728 (92.5%). They surface distractors more often
// than the sets studied (74/192 in held-out38-41).
const heldOutHistory = "internal/convgen/history.go"
