// SPDX-License-Identifier: GPL-2.0-only
/* run_pts.c - a PTS test's record in run.json (run_pts.h): its table of fields, and the copies
 * and frees of its parts made from it. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "record/doc_fields.h"
#include "record/run_pts.h"

#define P(m) offsetof(struct rec_pts, m)
#define PH(m) offsetof(struct rec_pts_phase, m)
#define RD(m) offsetof(struct rec_pts_round, m)
#define SG(m) offsetof(struct rec_pts_segment, m)
#define DI(m) offsetof(struct rec_pts_dirth, m)

#define OWN REC_FIELD_OWN
#define OMIT REC_FIELD_OMIT
#define STRING "\"type\": \"string\""
#define TIME STRING ", \"pattern\": \"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$\""
#define MIN1 "\"minimum\": 1"
#define INTEGER "\"type\": \"integer\""
#define NUMBER "\"type\": \"number\""
#define WHAT(text) "\"description\": \"" text "\""

static const struct rec_field round_fields[] = {
    {"round", REC_FIELD_INT, RD(round), .schema = MIN1},
    {"file", REC_FIELD_TEXT, RD(file), .flags = OWN,
     .schema = STRING ", \"pattern\": \"^[^/]+/[^/]+-round-[0-9]{2,}\\\\.json$\""},
    {"tracking", REC_FIELD_DOUBLE, RD(tracking),
     .schema = WHAT("the tracking variable; null when not measured")},
    {"bytes_written", REC_FIELD_DOUBLE, RD(bytes_written), "bytes", OMIT},
    {"seconds", REC_FIELD_I64, RD(seconds), "s", OMIT, .schema = INTEGER},
    {"ended", REC_FIELD_TEXT, RD(ended), .flags = OWN | OMIT, .schema = TIME},
    {NULL}};

static bool matrix_point(const void *ph)
{
	return ((const struct rec_pts_phase *)ph)->track_tc > 0 &&
	       ((const struct rec_pts_phase *)ph)->track_qd > 0;
}

static const struct rec_field track_point[] = {
    {"tc", REC_FIELD_INT, PH(track_tc), .flags = REC_FIELD_DEFAULT, .dflt = -1, .schema = MIN1},
    {"qd", REC_FIELD_INT, PH(track_qd), .flags = REC_FIELD_DEFAULT, .dflt = -1, .schema = MIN1},
    {NULL}};

static const struct rec_field tracking[] = {
    {"bs", REC_FIELD_TEXT, PH(track_bs), .flags = OWN, .schema = STRING},
    {"mix", REC_FIELD_INT, PH(track_mix), .flags = REC_FIELD_DEFAULT, .dflt = -1,
     .schema = "\"minimum\": 0, \"maximum\": 100"},
    {"metric", REC_FIELD_TEXT, PH(track_metric), .flags = OWN,
     .schema = "\"enum\": [\"iops\", \"mbps\", \"lat_mean\"]"},
    {"tc", REC_FIELD_GROUP, .when = matrix_point, .sub = track_point},
    {NULL}};

/* "purge" {method, done} or {method: null, skipped} */
static const struct rec_field purge_done[] = {
    {"done", REC_FIELD_TEXT, PH(purge_done), .flags = OWN, .schema = TIME}, {NULL}};
static const struct rec_field purge_skip[] = {
    {"skipped", REC_FIELD_TEXT, PH(purge_skip_reason), .flags = OWN, .schema = STRING}, {NULL}};
static const struct rec_field purge[] = {
    {"method", REC_FIELD_TEXT, PH(purge_method), .flags = OWN, .schema = WHAT("null when skipped")},
    {"done", REC_FIELD_GROUP, PH(purged), .sub = purge_done},
    {"skipped", REC_FIELD_GROUP, PH(purge_skipped), .sub = purge_skip},
    {NULL}};

static bool purge_on(const void *ph)
{
	return ((const struct rec_pts_phase *)ph)->purged ||
	       ((const struct rec_pts_phase *)ph)->purge_skipped;
}

static const struct rec_field wipc[] = {
    {"file", REC_FIELD_TEXT, PH(wipc_file), .flags = OWN,
     .schema = STRING ", \"pattern\": \"^[^/]+/[^/]+-wipc\\\\.json$\""},
    {"jobfile", REC_FIELD_TEXT, PH(wipc_jobfile), .flags = OWN, .schema = STRING},
    {"bytes", REC_FIELD_LLONG, PH(wipc_bytes), "bytes"},
    {"seconds", REC_FIELD_LLONG, PH(wipc_seconds), "s"},
    {NULL}};

static const struct rec_field window[] = {
    {"first_round", REC_FIELD_INT, PH(window_first)},
    {"last_round", REC_FIELD_INT, PH(window_last)},
    {"mean", REC_FIELD_DOUBLE, PH(window_mean), .schema = NUMBER},
    {"range_pct", REC_FIELD_DOUBLE, PH(window_range_pct), "%", .schema = NUMBER},
    {"slope", REC_FIELD_DOUBLE, PH(window_slope), .schema = NUMBER},
    {"intercept", REC_FIELD_DOUBLE, PH(window_intercept), .schema = NUMBER},
    {"excursion_pct", REC_FIELD_DOUBLE, PH(window_excursion_pct), "%", .schema = NUMBER},
    {NULL}};

static const struct rec_field phase[] = {
    {"id", REC_FIELD_TEXT, PH(id), .flags = OWN, .schema = STRING},
    {"tracking", REC_FIELD_OBJECT, .sub = tracking},
    {"cells", REC_FIELD_INT, PH(cells), .schema = MIN1},
    {"status", REC_FIELD_TEXT, PH(status), .flags = OWN,
     .schema = "\"enum\": [\"running\", \"steady\", \"steady state not achieved\", \"written\", "
	       "\"round limit\", \"failed\", \"interrupted\"]"},
    {"stop_written_bytes", REC_FIELD_I64, PH(stop_written_bytes), "bytes", OMIT, .schema = INTEGER},
    {"purge", REC_FIELD_OBJECT, .when = purge_on, .sub = purge,
     .schema = WHAT("null: no purge before the phase")},
    {"wipc", REC_FIELD_OBJECT, .flags = REC_FIELD_WHEN | OMIT, .when_off = PH(wipc), .sub = wipc},
    {"rounds", REC_FIELD_ARRAY, PH(rounds), .count_off = PH(nrounds),
     .elem_size = sizeof(struct rec_pts_round), .sub = round_fields},
    {"resumed_after_round", REC_FIELD_INT, PH(resumed_after_round),
     .flags = REC_FIELD_POSITIVE | OMIT | REC_FIELD_DEFAULT,
     .schema = WHAT("a later session went on after this round")},
    {"not_applicable", REC_FIELD_TEXT, PH(not_applicable), .flags = OWN | OMIT,
     .schema = STRING ", " WHAT("cells planned out before the first write, and why")},
    {"window", REC_FIELD_OBJECT, .flags = REC_FIELD_WHEN | OMIT, .when_off = PH(window),
     .sub = window},
    {"bytes_written", REC_FIELD_DOUBLE, PH(bytes_written), "bytes", OMIT},
    {NULL}};

static const struct rec_field cache[] = {
    {"wanted", REC_FIELD_TEXT, P(cache_wanted), .flags = OWN,
     .schema = "\"enum\": [\"disabled\", \"enabled\"]"},
    {"original", REC_FIELD_TRIBOOL, P(cache_original),
     .schema = WHAT("the drive's own setting before the test; null: not known")},
    {"outcome", REC_FIELD_TEXT, P(cache_outcome), .flags = OWN,
     .schema = "\"enum\": [\"set\", \"already so\", \"refused\", \"failed\", \"not "
	       "applicable\"]"},
    {"message", REC_FIELD_TEXT, P(cache_message), .flags = OWN},
    {"restored", REC_FIELD_TEXT, P(cache_restored), .flags = OWN},
    {NULL}};

static const struct rec_field segment[] = {
    {"seq", REC_FIELD_INT, SG(seq), .schema = MIN1},
    {"part", REC_FIELD_TEXT, SG(part), .flags = OWN,
     .schema = "\"enum\": [\"hir\", \"xsr\", \"dirth-points\"]"},
    {"kind", REC_FIELD_TEXT, SG(kind), .flags = OWN,
     .schema = "\"enum\": [\"write\", \"idle\", \"baseline\", \"group\", \"point\"]"},
    {"name", REC_FIELD_TEXT, SG(name), .flags = OWN, .schema = STRING},
    {"wait_state", REC_FIELD_INT, SG(wait_state), .flags = REC_FIELD_NULLNEG},
    {"repeat", REC_FIELD_INT, SG(repeat), .flags = REC_FIELD_NULLNEG},
    {"tc", REC_FIELD_INT, SG(tc), .flags = REC_FIELD_NULLNEG},
    {"qd", REC_FIELD_INT, SG(qd), .flags = REC_FIELD_NULLNEG},
    {"rw", REC_FIELD_TEXT, SG(rw), .flags = OWN},
    {"bs", REC_FIELD_TEXT, SG(bs), .flags = OWN},
    {"rwmix", REC_FIELD_INT, SG(rwmix), .flags = REC_FIELD_NULLNEG},
    {"planned_s", REC_FIELD_LLONG, SG(planned_s), "s"},
    {"t_start", REC_FIELD_DOUBLE, SG(t_start), .flags = REC_FIELD_NANZERO,
     .schema = WHAT("Unix time, s; 0.0 when not measured")},
    {"t_end", REC_FIELD_DOUBLE, SG(t_end), .flags = REC_FIELD_NANZERO,
     .schema = WHAT("Unix time, s; 0.0 when not measured")},
    {"file", REC_FIELD_TEXT, SG(file), .flags = OWN,
     .schema = "\"pattern\": \"^[^/]+/[^/]+-seg-[0-9]{4,}\\\\.json$\""},
    {"log", REC_FIELD_TEXT, SG(log), .flags = OWN,
     .schema = "\"pattern\": \"^[^/]+/[^/]+-seg-[0-9]{4,}$\""},
    {"status", REC_FIELD_TEXT, SG(status), .flags = OWN,
     .schema = "\"enum\": [\"done\", \"failed\"]"},
    {NULL}};

#define POINT(p)                                                                                   \
	{                                                                                          \
		{"tc",	     REC_FIELD_INT, DI(p.tc), .flags = REC_FIELD_DEFAULT,                  \
		 .dflt = -1, .schema = MIN1},                                                      \
		    {"qd",	 REC_FIELD_INT, DI(p.qd), .flags = REC_FIELD_DEFAULT,              \
		     .dflt = -1, .schema = MIN1},                                                  \
		    {"iops", REC_FIELD_DOUBLE, DI(p.iops), "1/s"},                                 \
		    {"art_ns", REC_FIELD_DOUBLE, DI(p.art_ns), "ns"},                              \
		{                                                                                  \
			NULL                                                                       \
		}                                                                                  \
	}

static const struct rec_field point_max[] = POINT(max), point_mid[] = POINT(mid),
			      point_min[] = POINT(min);

static const struct rec_field dirth_chosen[] = {
    {"mid_target_iops", REC_FIELD_DOUBLE, DI(mid_target_iops), "1/s", .schema = NUMBER},
    {"max", REC_FIELD_OBJECT, .sub = point_max},
    {"mid", REC_FIELD_OBJECT, .sub = point_mid},
    {"min", REC_FIELD_OBJECT, .sub = point_min},
    {NULL}};

static const struct rec_field dirth[] = {
    {"phase", REC_FIELD_TEXT, DI(phase), .flags = OWN, .schema = STRING},
    {"round", REC_FIELD_INT, DI(round), .schema = MIN1},
    {"art_ceiling_ns", REC_FIELD_DOUBLE, DI(art_ceiling_ns), "ns", .schema = NUMBER},
    {"chosen", REC_FIELD_BOOL, DI(chosen)},
    {"max", REC_FIELD_GROUP, DI(chosen), .sub = dirth_chosen},
    {"error", REC_FIELD_TEXT, DI(error), .flags = OWN | OMIT, .schema = STRING},
    {NULL}};

/* "segments_purge" {method, done} or {method: null, skipped} */
static const struct rec_field seg_purge_done[] = {
    {"done", REC_FIELD_TEXT, P(segments_purge_done), .flags = OWN, .schema = TIME}, {NULL}};
static const struct rec_field seg_purge_skip[] = {
    {"skipped", REC_FIELD_TEXT, P(segments_purge_skip_reason), .flags = OWN, .schema = STRING},
    {NULL}};
static const struct rec_field seg_purge[] = {
    {"method", REC_FIELD_TEXT, P(segments_purge_method), .flags = OWN,
     .schema = WHAT("null when skipped")},
    {"done", REC_FIELD_GROUP, P(segments_purged), .sub = seg_purge_done},
    {"skipped", REC_FIELD_GROUP, P(segments_purge_skipped), .sub = seg_purge_skip},
    {NULL}};

static bool seg_purge_on(const void *p)
{
	return ((const struct rec_pts *)p)->segments_purged ||
	       ((const struct rec_pts *)p)->segments_purge_skipped;
}

static bool with_segments(const void *p) { return ((const struct rec_pts *)p)->segments_kind; }

static const struct rec_field segments[] = {
    {"segments_kind", REC_FIELD_TEXT, P(segments_kind), .flags = OWN,
     .schema = "\"enum\": [\"hir\", \"xsr\", \"dirth\"]"},
    {"segments_planned", REC_FIELD_LLONG, P(segments_planned), .flags = REC_FIELD_ZERO,
     .schema = "\"minimum\": 0"},
    {"segments_status", REC_FIELD_TEXT, P(segments_status), .flags = OWN,
     .schema = "\"enum\": [\"running\", \"done\", \"failed\", \"interrupted\", \"not run\"]"},
    {"segments_resumed_after", REC_FIELD_INT, P(segments_resumed_after),
     .flags = REC_FIELD_POSITIVE | OMIT | REC_FIELD_DEFAULT},
    {"segments_purge", REC_FIELD_OBJECT, .flags = OMIT, .when = seg_purge_on, .sub = seg_purge},
    {"segments", REC_FIELD_ARRAY, P(segments), .count_off = P(nsegments),
     .elem_size = sizeof(struct rec_pts_segment), .sub = segment},
    {"dirth", REC_FIELD_POINTER, P(dirth), .flags = OMIT, .elem_size = sizeof(struct rec_pts_dirth),
     .sub = dirth},
    {NULL}};

const struct rec_field rec_run_pts_fields[] = {
    {"test", REC_FIELD_TEXT, P(test), .flags = OWN, .schema = STRING},
    {"spec", REC_FIELD_TEXT, P(spec), .flags = OWN, .schema = STRING},
    {"variant", REC_FIELD_TEXT, P(variant), .flags = OWN,
     .schema = "\"enum\": [\"enterprise\", \"client\"]"},
    {"not_compliant", REC_FIELD_STRINGS, P(not_compliant), .count_off = P(nnot_compliant)},
    {"write_cache", REC_FIELD_TEXT, P(write_cache), .flags = OWN, .schema = STRING},
    {"data_pattern", REC_FIELD_TEXT, P(data_pattern), .flags = OWN | OMIT, .schema = STRING},
    {"cache", REC_FIELD_OBJECT, .flags = REC_FIELD_WHEN, .when_off = P(cache), .sub = cache},
    {"threads", REC_FIELD_INT, P(threads)},
    {"depth", REC_FIELD_INT, P(depth)},
    {"cell_seconds", REC_FIELD_DOUBLE, P(cell_seconds), "s", REC_FIELD_ZERO | REC_FIELD_WHOLE,
     .schema = NUMBER ", \"minimum\": 0"},
    {"span_bytes", REC_FIELD_LLONG, P(span_bytes), "bytes", REC_FIELD_ZERO},
    {"active_range_pct", REC_FIELD_INT, P(active_range_pct), "%", REC_FIELD_DEFAULT, .dflt = 100},
    {"max_rounds", REC_FIELD_INT, P(max_rounds)},
    {"phases", REC_FIELD_ARRAY, P(phases), .count_off = P(nphases),
     .elem_size = sizeof(struct rec_pts_phase), .sub = phase},
    {"segments_kind", REC_FIELD_GROUP, .when = with_segments, .sub = segments},
    {NULL}};

/* ---- the parts' copies and frees ---------------------------------------------------------- */

struct rec_pts_segment *rec_pts_add_segment(struct rec_pts *p)
{
	struct rec_pts_segment *s, *v = realloc(p->segments, (p->nsegments + 1) * sizeof(*v));

	if (!v)
		return NULL;
	p->segments = v;
	s = &v[p->nsegments++];
	memset(s, 0, sizeof(*s));
	s->wait_state = s->repeat = s->tc = s->qd = s->rwmix = -1;
	s->planned_s = -1;
	s->t_start = s->t_end = NAN;
	return s;
}

int rec_pts_segment_copy(struct rec_pts_segment *to, const struct rec_pts_segment *from)
{
	*to = *from;
	return rec_fields_copy(segment, to, from);
}

int rec_pts_round_copy(struct rec_pts_round *to, const struct rec_pts_round *from)
{
	*to = *from;
	return rec_fields_copy(round_fields, to, from);
}

int rec_pts_copy(struct rec_pts **to, const struct rec_pts *from)
{
	struct rec_pts *p = malloc(sizeof(*p));

	rec_pts_free(*to);
	if (!(*to = p))
		return -ENOMEM;
	*p = *from;
	return rec_fields_copy(rec_run_pts_fields, p, from);
}

void rec_pts_free_dirth(struct rec_pts *p)
{
	if (p->dirth) {
		rec_fields_free(dirth, p->dirth);
		free(p->dirth);
	}
	p->dirth = NULL;
}

void rec_pts_free(struct rec_pts *p)
{
	if (!p)
		return;
	rec_fields_free(rec_run_pts_fields, p);
	free(p);
}
