package knowledge

import (
	"database/sql"
	"errors"
	"slices"
	"strconv"
	"strings"
)

func (im *importer) item(it Item) error {
	if err := validateItem(&it); err != nil {
		return err
	}
	n, _ := parseID('K', "knowledge item", it.ID)
	old, err := getItem(im.ctx, im.tx, n)
	found := err == nil
	if err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	proj, err := optionalProject(im.ctx, im.tx, it.Project)
	if err != nil {
		return err
	}
	write, err := im.decide("item", it.ID, found, renderItem(old, nil), renderItem(it, nil))
	if !write || err != nil {
		return err
	}
	promoted := ""
	if !it.Promoted.IsZero() {
		promoted = formatTime(it.Promoted)
	}
	_, err = im.tx.ExecContext(im.ctx, `INSERT INTO items(id, kind, title, body, tags, agent, project, created, updated,
		promotion, promoted, updated_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET
		kind = excluded.kind, title = excluded.title, body = excluded.body, tags = excluded.tags, agent = excluded.agent,
		project = excluded.project, created = excluded.created, updated = excluded.updated, promotion = excluded.promotion,
		promoted = excluded.promoted, updated_seq = excluded.updated_seq`,
		n, it.Kind, it.Title, it.Body, strings.Join(it.Tags, ","), it.Agent, proj, formatTime(it.Created),
		formatTime(it.Updated), it.Promotion, promoted, im.seq)
	return err
}

func (im *importer) observation(o Observation) error {
	if err := validateObservation(&o); err != nil {
		return err
	}
	n, _ := parseID('O', "observation", o.ID)
	item, _ := parseID('K', "knowledge item", o.Item)
	old, err := scanObservation(im.tx.QueryRowContext(im.ctx, "SELECT "+obsCols+obsFrom+" WHERE o.id = ?", n))
	found := err == nil
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	proj, err := optionalProject(im.ctx, im.tx, o.Project)
	if err != nil {
		return err
	}
	write, err := im.decide("observation", o.ID, found, old.Item+" "+renderObservation(old), o.Item+" "+renderObservation(o))
	if !write || err != nil {
		return err
	}
	_, err = im.tx.ExecContext(im.ctx, `INSERT INTO observations(id, item, agent, success, project, time, note, seq)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET item = excluded.item, agent = excluded.agent,
		success = excluded.success, project = excluded.project, time = excluded.time, note = excluded.note, seq = excluded.seq`,
		n, item, o.Agent, o.Success, proj, formatTime(o.Time), o.Note, im.seq)
	return err
}

// sortIDs sorts ids like T2 < T10 by their number.
func sortIDs(ids []string) {
	slices.SortFunc(ids, func(a, b string) int {
		x, _ := strconv.ParseInt(a[min(1, len(a)):], 10, 64)
		y, _ := strconv.ParseInt(b[min(1, len(b)):], 10, 64)
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
}
