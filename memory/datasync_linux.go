package memory

import (
	"os"

	"golang.org/x/sys/unix"
)

// datasync flushes f's data and the metadata needed to read it back
// (fdatasync(2)); the modification time is left to a later writeback.
func datasync(f *os.File) error { return unix.Fdatasync(int(f.Fd())) }
