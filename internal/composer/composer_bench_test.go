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

// longNames are n distinct long made-up composer names, the worst a CSV
// import may bring: many letters in common, no composer among them.
func longNames(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("Anna-Maria Katharina Elisabeth von Hohenzollern-Sigmar %05d", i)
	}
	return out
}

// BenchmarkIndexResolve5000 resolves 5,000 distinct long names, as one
// import does, against a choir of 2,000 composers and against 5,000 long
// names like them.
func BenchmarkIndexResolve5000(b *testing.B) {
	names := longNames(5000)
	for _, choir := range []struct {
		name string
		cs   []Candidate
	}{{"library2000", library(2000)}, {"long5000", func() []Candidate {
		cs := make([]Candidate, 5000)
		for i, n := range longNames(10000)[5000:] {
			cs[i] = Candidate{ID: fmt.Sprint(i), Name: n, CanonicalName: CanonicalName(n)}
		}
		return cs
	}()}} {
		b.Run(choir.name, func(b *testing.B) {
			for b.Loop() {
				ix := NewIndex(choir.cs)
				for _, n := range names {
					ix.Resolve(n)
				}
			}
		})
	}
}
