package liturgy

// rankTiers puts the rank vocabularies of all the calendars on one scale,
// highest first, for showing a day's feasts in order: the celebrations that
// take a day before the ones kept beside them. Within a tradition the order
// is its own; across traditions the tiers only need to be comparable.
var rankTiers = [][]string{
	{"feast_of_feasts", "triduum"},
	{"solemnity", "principal_feast", "principal_festival", "principal_holy_day", "great_feast",
		"class_i", "double_i_class", "greater_sunday_i_class"},
	{"sunday", "privileged_weekday", "principal_observance", "holy_week", "holy_week_day", "bright_week",
		"feast_of_our_lord", "greater_sunday_ii_class", "greater_privileged_feria"},
	{"feast", "festival", "major_feast", "holy_day", "class_ii", "double_ii_class", "vigil_rank",
		"polyeleos", "minor_sunday", "vigil_i_class", "holiday"},
	{"memorial", "lesser_festival", "class_iii", "greater_double", "double", "day_of_special_devotion"},
	{"optional_memorial", "commemoration", "semidouble", "memorial_saturday", "fast", "greater_feria",
		"vigil_ii_class", "observance"},
	{"simple", "common_vigil", "rogation_day", "optional_observance", "occasion", "season"},
}

var rankOrder = func() map[string]int {
	m := map[string]int{}
	for i, tier := range rankTiers {
		for _, r := range tier {
			m[r] = i
		}
	}
	return m
}()

// RankOrder is a rank's place on the common scale, 0 the highest; a rank no
// calendar uses (a global admin may word one) comes after all of them.
func RankOrder(rank string) int {
	if o, ok := rankOrder[rank]; ok {
		return o
	}
	return len(rankTiers)
}
