package knowledge

import (
	"context"
	"fmt"
	"strings"
)

const obsCols = "o.id, o.item, o.agent, o.success, coalesce(p.name, ''), o.time, o.note"

const obsFrom = " FROM observations o LEFT JOIN projects p ON p.id = o.project"

func scanObservation(sc interface{ Scan(...any) error }) (Observation, error) {
	var o Observation
	var n, item int64
	var when string
	if err := sc.Scan(&n, &item, &o.Agent, &o.Success, &o.Project, &when, &o.Note); err != nil {
		return o, err
	}
	o.ID, o.Item = id('O', n), id('K', item)
	o.Time, _ = ParseTime(when)
	return o, nil
}

func validateObservation(o *Observation) error {
	if err := checkName("agent", o.Agent, false); err != nil {
		return fmt.Errorf("%w (say who used it with --agent)", err)
	}
	o.Note = strings.TrimSpace(strings.Join(strings.Fields(o.Note), " "))
	return checkText("note", o.Note)
}

// Observe records how item o.Item went for o.Agent. The agent is required;
// the project, when set, must exist. A note is one line (line breaks become
// spaces).
func (s *Store) Observe(ctx context.Context, o Observation) (Observation, error) {
	item, err := parseID('K', "knowledge item", o.Item)
	if err != nil {
		return Observation{}, err
	}
	if err := validateObservation(&o); err != nil {
		return Observation{}, fmt.Errorf("observe %s: %w", o.Item, err)
	}
	var n int64
	err = s.write(ctx, func(tx *txn, seq int64, now string) error {
		if _, err := getItem(ctx, tx, item); err != nil {
			return err
		}
		proj, err := optionalProject(ctx, tx, o.Project)
		if err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `INSERT INTO observations(item, agent, success, project, time, note, seq)
			VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, item, o.Agent, o.Success, proj, now, o.Note, seq).Scan(&n)
	})
	if err != nil {
		return Observation{}, fmt.Errorf("observe %s: %w", id('K', item), err)
	}
	return scanObservation(s.db.QueryRowContext(ctx, "SELECT "+obsCols+obsFrom+" WHERE o.id = ?", n))
}

// Observations returns the observations of item ref (K7), or of every item
// when ref is "", in the order they were recorded.
func (s *Store) Observations(ctx context.Context, ref string) ([]Observation, error) {
	q := "SELECT " + obsCols + obsFrom
	var args []any
	if ref != "" {
		n, err := parseID('K', "knowledge item", ref)
		if err != nil {
			return nil, err
		}
		if _, err := getItem(ctx, s.db, n); err != nil {
			return nil, err
		}
		q += " WHERE o.item = ?"
		args = append(args, n)
	}
	rows, err := s.db.QueryContext(ctx, q+" ORDER BY o.id", args...)
	if err != nil {
		return nil, fmt.Errorf("observations: %w", err)
	}
	defer rows.Close()
	out := []Observation{}
	for rows.Next() {
		o, err := scanObservation(rows)
		if err != nil {
			return nil, fmt.Errorf("observations: %w", err)
		}
		out = append(out, o)
	}
	return out, rows.Err()
}
