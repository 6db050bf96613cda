package knowledge

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// ItemUpdate holds the fields to change; nil leaves a field as it is.
type ItemUpdate struct {
	Kind, Title, Body, Agent, Project *string
	Tags                              *[]string
	// Promotion may only be set to PromotionNone, to let an item a person
	// removed from MEMORY.md be promoted again.
	Promotion *string
}

// ItemFilter selects items; empty fields match everything.
type ItemFilter struct {
	// Project is a project id or name.
	Kind, Tag, Project, Agent string
}

const itemCols = `i.id, i.kind, i.title, i.body, i.tags, i.agent, coalesce(p.name, ''), i.created, i.updated,
	i.promotion, i.promoted, max(i.updated_seq, coalesce(p.updated_seq, 0))`

const itemFrom = " FROM items i LEFT JOIN projects p ON p.id = i.project"

func scanItem(sc interface{ Scan(...any) error }) (Item, error) {
	var it Item
	var n int64
	var tags, created, updated, promoted string
	if err := sc.Scan(&n, &it.Kind, &it.Title, &it.Body, &tags, &it.Agent, &it.Project, &created, &updated,
		&it.Promotion, &promoted, &it.UpdatedSeq); err != nil {
		return it, err
	}
	it.ID = id('K', n)
	it.Tags = []string{}
	if tags != "" {
		it.Tags = strings.Split(tags, ",")
	}
	it.Created, _ = ParseTime(created)
	it.Updated, _ = ParseTime(updated)
	it.Promoted, _ = ParseTime(promoted)
	return it, nil
}

func validateItem(it *Item) error {
	k, err := ParseKind(it.Kind)
	if err != nil {
		return err
	}
	it.Kind = k
	it.Title = strings.TrimSpace(it.Title)
	if err := checkLine("title", it.Title); err != nil {
		return err
	}
	it.Body = NormalizeText(it.Body)
	if err := checkText("body", it.Body); err != nil {
		return err
	}
	tags, err := ParseTags(strings.Join(it.Tags, ","))
	if err != nil {
		return err
	}
	it.Tags = tags
	if err := checkOneOf("promotion", it.Promotion, []string{PromotionNone, PromotionPromoted, PromotionRemoved, PromotionRejected}); err != nil {
		return err
	}
	return checkName("agent", it.Agent, true)
}

// AddItem records a knowledge item. Its project, when set, must exist.
func (s *Store) AddItem(ctx context.Context, it Item) (Item, error) {
	if err := checkNew("title", it.Title, it.Tags); err != nil {
		return Item{}, fmt.Errorf("add item: %w", err)
	}
	if err := validateItem(&it); err != nil {
		return Item{}, fmt.Errorf("add item: %w", err)
	}
	var n int64
	err := s.write(ctx, func(tx *txn, seq int64, now string) error {
		proj, err := optionalProject(ctx, tx, it.Project)
		if err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `INSERT INTO items(kind, title, body, tags, agent, project, created, updated,
			promotion, promoted, updated_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', '', ?) RETURNING id`,
			it.Kind, it.Title, it.Body, strings.Join(it.Tags, ","), it.Agent, proj, now, now, seq).Scan(&n)
	})
	if err != nil {
		return Item{}, fmt.Errorf("add item: %w", err)
	}
	return s.Item(ctx, id('K', n))
}

// Item returns the item with id ref (K7).
func (s *Store) Item(ctx context.Context, ref string) (Item, error) {
	n, err := parseID('K', "knowledge item", ref)
	if err != nil {
		return Item{}, err
	}
	return getItem(ctx, s.db, n)
}

func getItem(ctx context.Context, q queryer, n int64) (Item, error) {
	it, err := scanItem(q.QueryRowContext(ctx, "SELECT "+itemCols+itemFrom+" WHERE i.id = ?", n))
	if errors.Is(err, sql.ErrNoRows) {
		return Item{}, fmt.Errorf("unknown knowledge item %s (list them with `archon knowledge list`): %w", id('K', n), ErrNotFound)
	}
	if err != nil {
		return Item{}, fmt.Errorf("item %s: %w", id('K', n), err)
	}
	return it, nil
}

// Items lists the items f selects in creation order.
func (s *Store) Items(ctx context.Context, f ItemFilter) ([]Item, error) {
	var where []string
	var args []any
	if f.Kind != "" {
		k, err := ParseKind(f.Kind)
		if err != nil {
			return nil, err
		}
		where, args = append(where, "i.kind = ?"), append(args, k)
	}
	if f.Tag != "" {
		where = append(where, "instr(',' || i.tags || ',', ',' || ? || ',') > 0")
		args = append(args, strings.ToLower(strings.TrimPrefix(f.Tag, "#")))
	}
	if f.Project != "" {
		n, err := resolveProject(ctx, s.db, f.Project)
		if err != nil {
			return nil, err
		}
		where, args = append(where, "i.project = ?"), append(args, n)
	}
	if f.Agent != "" {
		where, args = append(where, "i.agent = ?"), append(args, f.Agent)
	}
	q := "SELECT " + itemCols + itemFrom
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	rows, err := s.db.QueryContext(ctx, q+" ORDER BY i.id", args...)
	if err != nil {
		return nil, fmt.Errorf("list items: %w", err)
	}
	defer rows.Close()
	out := []Item{}
	for rows.Next() {
		it, err := scanItem(rows)
		if err != nil {
			return nil, fmt.Errorf("list items: %w", err)
		}
		out = append(out, it)
	}
	return out, rows.Err()
}

// UpdateItem changes the fields u sets.
func (s *Store) UpdateItem(ctx context.Context, ref string, u ItemUpdate) (Item, error) {
	if u == (ItemUpdate{}) { // nothing to change: neither updated nor replicated
		return s.Item(ctx, ref)
	}
	n, err := parseID('K', "knowledge item", ref)
	if err != nil {
		return Item{}, err
	}
	var title string // what the update sets
	var tags []string
	setIf(&title, u.Title)
	if u.Tags != nil {
		tags = *u.Tags
	}
	if err := checkNew("title", title, tags); err != nil {
		return Item{}, err
	}
	err = s.write(ctx, func(tx *txn, seq int64, now string) error {
		it, err := getItem(ctx, tx, n)
		if err != nil {
			return err
		}
		setIf(&it.Kind, u.Kind)
		setIf(&it.Title, u.Title)
		setIf(&it.Body, u.Body)
		setIf(&it.Agent, u.Agent)
		setIf(&it.Project, u.Project)
		if u.Tags != nil {
			it.Tags = *u.Tags
		}
		promoted := formatTime(it.Promoted)
		if u.Promotion != nil {
			// "none", as the CLI and the README write it, is the empty value.
			if *u.Promotion != PromotionNone && *u.Promotion != "none" {
				return fmt.Errorf("%w promotion %q: only \"none\" (or \"\") can be set by hand; `archon promote` sets the rest", ErrInvalid, *u.Promotion)
			}
			it.Promotion, promoted = PromotionNone, ""
		}
		if it.Promoted.IsZero() {
			promoted = ""
		}
		if err := validateItem(&it); err != nil {
			return err
		}
		proj, err := optionalProject(ctx, tx, it.Project)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE items SET kind = ?, title = ?, body = ?, tags = ?, agent = ?, project = ?,
			updated = ?, promotion = ?, promoted = ?, updated_seq = ? WHERE id = ?`,
			it.Kind, it.Title, it.Body, strings.Join(it.Tags, ","), it.Agent, proj, now, it.Promotion, promoted, seq, n)
		return err
	})
	if err != nil {
		return Item{}, fmt.Errorf("update item %s: %w", id('K', n), err)
	}
	return s.Item(ctx, id('K', n))
}

// SetPromotion records an item's promotion state (PromotionPromoted or
// PromotionRejected with the current time, or PromotionRemoved, keeping
// the promotion time).
func (s *Store) SetPromotion(ctx context.Context, ref, state string) error {
	n, err := parseID('K', "knowledge item", ref)
	if err != nil {
		return err
	}
	if err := checkOneOf("promotion", state, []string{PromotionPromoted, PromotionRemoved, PromotionRejected}); err != nil {
		return err
	}
	err = s.write(ctx, func(tx *txn, seq int64, now string) error {
		it, err := getItem(ctx, tx, n)
		if err != nil {
			return err
		}
		when := formatTime(it.Promoted)
		if it.Promoted.IsZero() || state != PromotionRemoved && it.Promotion != state {
			when = now
		}
		_, err = tx.ExecContext(ctx, "UPDATE items SET promotion = ?, promoted = ?, updated_seq = ? WHERE id = ?", state, when, seq, n)
		return err
	})
	if err != nil {
		return fmt.Errorf("promotion of %s: %w", id('K', n), err)
	}
	return nil
}
