package compact

// Standard is the pipeline run before a model call (DESIGN.md §3): clear
// old tool results, then, while over budget, summarize the oldest half and
// finally truncate.
func Standard() Pipeline {
	return Pipeline{ClearToolResults{}, IfOver(SummarizeOldest{}), IfOver(Truncate{})}
}

// Slide clears old tool results and keeps a window of keep messages (plus
// checkpoints and decisions), truncating if still over budget.
func Slide(keep int) Pipeline {
	return Pipeline{ClearToolResults{}, SlidingWindow{Keep: keep}, IfOver(Truncate{})}
}

// SummarizeSlide summarizes the oldest half, then slides a window of keep
// messages over the rest.
func SummarizeSlide(keep int) Pipeline {
	return Pipeline{ClearToolResults{}, SummarizeOldest{}, SlidingWindow{Keep: keep}, IfOver(Truncate{})}
}

// Emergency slides a window of EmergencyWindow messages, then keeps what
// scores best within budget, truncating as a last resort.
func Emergency() Pipeline {
	return Pipeline{ClearToolResults{}, SlidingWindow{Keep: EmergencyWindow}, IfOver(Prioritize{}), IfOver(Truncate{})}
}
