// Package noderef runs a tool's reference script, ref.js in the working
// directory (the tool's folder, where npm install put its packages), in
// one node process: one JSON line in per query, one JSON line out per
// answer, in order.
package noderef

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
)

// Run sends each of queries to ref.js and returns its answers, one per
// query. ref.js's standard error is the tool's.
func Run[Q, A any](queries []Q) ([]A, error) {
	cmd := exec.Command("node", "ref.js")
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		w := bufio.NewWriter(in)
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		for _, q := range queries {
			enc.Encode(q)
		}
		w.Flush()
		in.Close()
	}()
	var answers []A
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var a A
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			return nil, err
		}
		answers = append(answers, a)
	}
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("node ref.js: %w (did you run npm install?)", err)
	}
	if len(answers) != len(queries) {
		return nil, fmt.Errorf("node ref.js answered %d of %d queries", len(answers), len(queries))
	}
	return answers, nil
}
