package composer

import (
	"fmt"
	"testing"
)

// library returns n realistic, distinct composer names, always the same.
func library(n int) []Candidate {
	given := []string{"Johann", "Maria", "Anna", "Thomas", "William", "Elisabeth", "Pieter", "Sofia", "Giovanni", "Ralph", "Clara", "Henryk", "Ola", "Kirsten", "Antonín", "Ēriks", "Zoltán", "Jean-Baptiste", "Hildegard", "Samuel", "Cecilia", "Nikolai", "Ingrid", "Tomás", "Fanny"}
	middle := []string{"", "", "", "Sebastian ", "Luis ", "Amadeus ", "Philipp ", "Villiers ", "J. ", "Marie "}
	surname := []string{"Bach", "Dvořák", "Rutter", "Whitacre", "Mäntyjärvi", "Pärt", "Gjeilo", "Byrd", "Tallis", "Haydn", "Schütz", "Fauré", "Chilcott", "Lauridsen", "Stanford", "Howells", "Bárdos", "Górecki", "Rimsky-Korsakov", "Saint-Saëns", "MacMillan", "Dove", "Vierne", "Allegri", "Nystedt", "Sandström", "O'Regan", "Vaughan Williams", "Ešenvalds", "Rheinberger"}
	cs := make([]Candidate, 0, n)
	for i := 0; len(cs) < n; i++ {
		g := given[i%len(given)]
		m := middle[(i/len(given))%len(middle)]
		s := surname[(i*7+i/len(surname))%len(surname)]
		name := fmt.Sprintf("%s %s%s", g, m, s)
		if i >= len(given)*len(middle)*len(surname) {
			name = fmt.Sprintf("%s %d", name, i)
		}
		cs = append(cs, Candidate{ID: fmt.Sprint(i), Name: name, CanonicalName: s})
	}
	return cs
}

// BenchmarkMatch2000 matches one name against a library of 2,000 composers
// (the issue asks for at most 2 ms).
func BenchmarkMatch2000(b *testing.B) {
	cs := library(2000)
	b.ResetTimer()
	for b.Loop() {
		Matches("Bach, J. S.", cs, 10)
	}
}

func BenchmarkResolve2000(b *testing.B) {
	cs := library(2000)
	b.ResetTimer()
	for b.Loop() {
		Resolve("Tschaikowsky", cs)
	}
}

// BenchmarkMatch2000Cold is BenchmarkMatch2000 with names never seen before:
// the first request after a start, or for a library not in the cache.
func BenchmarkMatch2000Cold(b *testing.B) {
	cs := library(2000)
	b.ResetTimer()
	for b.Loop() {
		forms.Lock()
		clear(forms.m)
		forms.Unlock()
		Matches("Bach, J. S.", cs, 10)
	}
}
