package httpapi_test

import "sync"

// atOnce runs do n times at the same moment, each in its own goroutine,
// and counts the statuses they answered.
func atOnce(n int, do func(i int) int) map[int]int {
	statuses := make([]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { statuses[i] = do(i) })
	}
	wg.Wait()
	counts := map[int]int{}
	for _, s := range statuses {
		counts[s]++
	}
	return counts
}
