package summarize

import "github.com/archon-memory/archon/conv"

// cue is a phrase that marks a sentence for a section.
type cue struct {
	section string
	phrases []string
	roles   map[conv.Role]bool // nil: any role
	base    float64
}

// cues are tried in order; a sentence goes to the first section it matches.
var cues = []cue{
	// Work nobody has taken is pending, whatever verb says so.
	{SecTasks, []string{"nobody's picked", "nobody has picked", "no one has picked", "nobody picked", "no one picked",
		"nobody's taken", "nobody has taken", "no one has taken", "nobody owns", "no one owns", "no owner", "unowned",
		"unassigned", "up for grabs", "nobody has started", "no one has started", "hasn't been started",
		"has not been started", "not started yet", "not yet started",
		// work never begun ("never" alone would read as a preference)
		"never got around to", "didn't get around to", "haven't got around to", "haven't gotten around to",
		"never got to", "never finished", "never did", "hasn't happened", "has not happened", "that's on us", "the proper fix", "the real fix",
		"the right fix", "the permanent fix", "the long-term fix", "should come out once", "should come out when",
		"it's on us", "on us now", "that's on me", "on me now"}, nil, 8},
	// A comparison's winner is the one taken.
	{SecDecisions, []string{"comes out ahead", "came out ahead", "come out ahead", "comes out on top", "came out on top",
		"the clear winner", "is the winner", "was the winner", "won the bake-off", "won the comparison",
		"won the evaluation", "won the trial", "won the pilot", "wins the", "won out", "wins out", "beat the others",
		"beats the others", "outperformed the", "outperforms the"}, nil, 9},
	{SecDecisions, []string{"decided", "decision", "we'll use", "we will use", "let's use", "let's go with",
		"going with", "go with ", "we chose", "i chose", "chosen", "opted", "settled on", "agreed", "final call",
		"standardiz", "standardis", "we picked", "we selected", "switching to", "switch to ", "we'll go", "approved",
		"resolution:", "conclusion:", "verdict", "committed to", "sticking with",
		"stick with", "went with", "go for ", "adopt ", "adopted", "adopting", "adopts", "migrate to", "moving to", "move to", "moves to",
		"will use", "picked", "selected", "in favor of", "in favour of", "voted", "vote was", "votes for", "landed on", "settle on",
		"will run on", "replaced by", "replace it with", "is the pick", "our pick", "consensus", "recommend",
		"signed off", "sign-off", "green light", "go-ahead", "chose ", "choose ", "we use ", "outcome:",
		"the plan is to use", "keep using", "keep it on", "is now on", "switches", "swap to", "deciding factor",
		"our answer for", "the answer is", "standing up", "built on", "powered by", "backed by", "on top of",
		"signed the contract", "signed a contract", "signed with", "countersigned", "approving", "now goes through",
		"as the choice for", "is the choice for", "gone with", "i've gone with", "now uses", "now use ", "to go through", "now points", "to approve",
		"i approve", "we settled", "settled the",
		"now go through", "now runs through", "now run through", "now points at", "now points to", "switched ",
		"raise the po", "raised the po", "purchase order for", "you win", "not thrilled, but",
		"the choice you made", "you chose", "you picked", "you went with", "which you chose", "is the answer for", "is our answer for", "went live on", "is live on", "proceed with",
		"signed po", "signed the po", "po went out", "purchase order", "we bought", "we purchased", "we licensed",
		"signing with", "signed the order", "anything but", "nothing but", "signing off on", "sign off on",
		"i'm calling it", "calling it:", "end of story", "end of discussion", "+1 from me on", "+1 on ", "+1 for ",
		"thumbs up on", "thumbs up for", "my vote goes to", "proceeding with", "go ahead with",
		"going ahead with", "moving forward with", "move forward with"}, nil, 10},
	{SecPreferences, []string{"i prefer", "i'd prefer", "i like", "i want", "i don't want", "i do not want",
		"please always", "please never", "please don't", "please do not", "please use", "always ", "never ",
		"don't ever", "my preference", "from now on", "make sure to", "i'd rather", "i hate", "i dislike",
		"preferred", "prefer "}, map[conv.Role]bool{conv.RoleUser: true}, 8},
	{SecTasks, []string{"todo", "to-do", "fixme", "pending", "next step", "next up", "still need", "still have to",
		"remaining", "left over", "follow up", "follow-up", "remember to", "don't forget", "not yet", "haven't", "blocked on",
		"action item", "- [ ]", "open question", "open item", "left to do", "left for", "outstanding",
		"waiting on", "waiting for", "backlog", "at some point", "later on", "for tomorrow",
		"when you get a chance", "we need to", "we still", "we should", "we must", "we'll need", "we will need",
		"on my list", "on my plate", "on our plate", "we owe", "i owe", "to-do list", "todo list", "not done", "isn't done", "is not done", "not finished",
		"unfinished", "incomplete", "blocker", "carry-over", "carry over", "leftover", "still open",
		"someone needs", "somebody needs", "someone has to", "somebody has to", "someone gets around",
		"gets around to", "please own", "needs an owner", "pick this up", "picks this up", "reminder:", "reminder to",
		"reminder that", "reminder for", "a reminder", "gentle reminder",
		"before we ship", "before release", "before ga", "can't ship", "cannot ship",
		"ran out of time", "didn't get to", "did not get to", "can't forget", "cannot forget", "first job",
		"parking this", "parking it", "parking that", "parking lot", "parked", "next session", "still to do", "still to be done",
		"yet to be done", "needs doing", "still needs", "remind me", "remind us", "remind everyone", "remind the team",
		"ping me to", "ping me about", "nudge me", "still owe", "don't let me forget", "don't let us forget",
		"on the hook", "friendly nudge", "friendly reminder", "i promised", "we promised", "promised them", "promised to",
		"told them i'd", "told him i'd", "told her i'd", "said i'd", "said we'd", "next on my side", "next on my list",
		"supposed to", "you promised", "promised her", "promised him", "whether anyone has", "if anyone has had a chance", "checking whether", "checking if anyone",
		"carried over", "carrying over", "top of his list", "top of her list", "top of my list", "top of their list", "top of the list",
		"nobody has managed to", "no one has managed to", "nobody's managed to", "nobody has been able to",
		"nobody's been able to", "no one has been able to", "did i promise", "did we promise", "end up promising",
		"handing this over", "handing it over", "while i'm away", "while i'm out", "still yours", "that one's yours", "is yours now", "over to you", "on your plate",
		"asked us to", "asked me to", "wants us to", "wanted us to", "asked if we could", "asked whether we could",
		"need that done", "needs that done", "need it done", "needs it done", "haven't heard anything", "where this stands",
		"where that stands", "where things stand",
		// temporary code says what must happen before it goes
		"remove after", "remove once", "remove when", "delete after", "delete once", "revert after", "revert once",
		"drop after", "drop once", "until we ", "until someone", "temporary workaround", "temporary hack"}, nil, 8},
	// Weaker signals count when the user says them.
	{SecDecisions, []string{"instead of", "rather than"}, map[conv.Role]bool{conv.RoleUser: true}, 8},
	{SecTasks, []string{"need to", "needs to", "have to", "has to", "must ", "should ", "will need", "can you also"},
		map[conv.Role]bool{conv.RoleUser: true}, 7},
	{SecErrors, []string{"error:", "errored", "an error ", "the error ", "error when", "error while", "failed",
		"failing", "exception", "panic", "traceback", "fatal", "timed out", "segfault", "crash", "regression",
		"broken"}, nil, 5},
	{SecProjects, []string{"working on", "project", "we're building", "we are building", "epic", "milestone",
		"initiative", "the goal is", "our goal", "objective", "roadmap", "launch", "rollout", "sprint"}, nil, 6},
}

// markers at the start of a sentence are explicit and earn a bonus.
var markers = []string{"decision:", "decided:", "todo:", "todo ", "pending:", "task:", "next:", "preference:",
	"note:", "important:", "error:", "project:", "fixme:", "action item:", "blocker:", "constraint:"}
