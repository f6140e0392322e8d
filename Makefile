# ssdeng build. Targets: all (engine, ssdctl, ssdreport), check, demo, install, clean.
# Layout: engine/ has a folder per role (engine/README.md). engine/common, core, transport, codec and host
# form build/libssdcore.a, shared by libssdeng.so, ssdctl, the unit tests and the driver;
# engine/fio/ is the only folder built with fio's headers (libssdeng.so); engine/ctl/ is ssdctl:
# its main, and build/libssdctl.a (json-c) that a program can link for info/health/probe.
# Engine files include each other by folder: #include "codec/nvme/nvme_cmd.h" (-Iengine).
# reporter/ is a pipeline of folders, parse/ model/ analyse/ render/ output/ (and util/), which
# form build/libssdreport.a; reporter/cli/ (ssdreport_main.c and the subcommands) links it into
# ssdreport, with build/libssdcat.a (catalogue/: the test catalogue the report's sections come from). Reporter files include each other by folder: #include "model/model.h" (-Ireporter).
# record/ is the run's record, build/libssdrecord.a (json-c): the results layout's paths, the
# documents (run.json, drive.json, status.json, apps.json) read and written, fio's JSON read
# tolerantly, sizes; the driver, ssdreport, ssd-apps and pts/ link it (#include "record/run.h").
PREFIX   ?= /usr/local
BUILD    ?= build
CC       ?= gcc
OPT      ?= -O2
WARN     := -Wall -Wextra -Werror -Wno-missing-field-initializers
CFLAGS   ?= $(OPT) -g
ALL_CFLAGS = $(CFLAGS) $(WARN) -std=gnu11 -D_GNU_SOURCE -fPIC -fvisibility=hidden -I. -Iengine -Ireporter
ifeq ($(SANITIZE),1)
ALL_CFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
SAN_LDFLAGS := -fsanitize=address,undefined
BUILD := build/san
endif

CORE_LIBS   := -lnvme -luring -laio
REPORT_LIBS := $(shell pkg-config --libs json-c 2>/dev/null || echo -ljson-c) -lz -lm -pthread
REPORT_CFLAGS := $(shell pkg-config --cflags json-c 2>/dev/null)
JSONC_CFLAGS := $(shell pkg-config --cflags json-c 2>/dev/null)
JSONC_LIBS  := $(shell pkg-config --libs json-c 2>/dev/null || echo -ljson-c)

CORE_DIRS   := common core transport codec/nvme codec/scsi codec/ata host
CORE_SRCS   := $(filter-out %_main.c,$(wildcard $(CORE_DIRS:%=engine/%/*.c)))
GLUE_SRCS   := $(wildcard engine/fio/*.c)
CTL_MAIN    := $(wildcard engine/ctl/*_main.c)
CTL_SRCS    := $(filter-out $(CTL_MAIN),$(wildcard engine/ctl/*.c))
ENGINE_HDRS := $(wildcard engine/*/*.h engine/*/*/*.h)
REPORT_DIRS := parse model analyse render output util
REPORT_SRCS := $(wildcard $(REPORT_DIRS:%=reporter/%/*.c))
REPORT_MAIN := $(wildcard reporter/cli/*.c)
REPORT_HDRS := $(wildcard reporter/*/*.h pts/*.h record/*.h library/*.h)
# the test catalogue reader (jobfiles/catalogue.json) and pts/ (the SNIA PTS rules both sides apply:
# the steady-state criterion): build/libssdcat.a, for the driver and ssdreport
CAT_SRCS    := $(wildcard catalogue/*.c pts/*.c)
CAT_OBJS    := $(CAT_SRCS:%.c=$(BUILD)/%.o)
# the run's record: build/libssdrecord.a, below every program's own code
RECORD_SRCS := $(wildcard record/*.c)
RECORD_OBJS := $(RECORD_SRCS:%.c=$(BUILD)/%.o)
RECORD_HDRS := $(wildcard record/*.h)
# the results library (library/: every review kept in SQLite, or in a PostgreSQL server for a
# team, docs/library-format.md): build/libssdlib.a (libsqlite3, libpq), linked by ssdreport
LIB_SRCS    := $(wildcard library/*.c)
LIB_OBJS    := $(LIB_SRCS:%.c=$(BUILD)/%.o)
LIB_HDRS    := $(wildcard library/*.h)
PQ_CFLAGS   := $(shell pkg-config --cflags libpq 2>/dev/null || echo -I/usr/include/postgresql)
SQLITE_LIBS := $(shell pkg-config --libs sqlite3 2>/dev/null || echo -lsqlite3) \
	       $(shell pkg-config --libs libpq 2>/dev/null || echo -lpq)

# ssd-apps (application workloads: MariaDB or PostgreSQL + sysbench on the drive): apps/*.c except
# apps_main.c form build/libssdapps.a (the unit tests link it); apps_main.c makes apps/ssd-apps,
# which finds its TPC-C-like workload apps/tpcc.lua beside itself (a sanitizer build gets a copy)
APPS_SRCS   := $(filter-out apps/apps_main.c,$(wildcard apps/*.c))
APPS_OBJS   := $(APPS_SRCS:%.c=$(BUILD)/%.o)
APPS_HDRS   := $(wildcard apps/*.h)

# the review driver: driver/main.c and a folder per role (driver/README.md); every file but main.c
# also forms build/libssddriver.a for its unit tests. Driver files include each other by folder:
# #include "run/child.h" (-Idriver, without -Ireporter, whose folder names it shares)
DRIVER_SRCS := $(wildcard driver/*/*.c)
DRIVER_HDRS := $(wildcard driver/*/*.h)
DRIVER_CFLAGS = $(filter-out -Ireporter,$(ALL_CFLAGS)) -Idriver
DRIVER_OBJS := $(DRIVER_SRCS:%.c=$(BUILD)/%.o)
SSDENG_VERSION := $(shell git describe --always --dirty --tags 2>/dev/null || echo unknown)

CORE_OBJS   := $(CORE_SRCS:%.c=$(BUILD)/%.o)
GLUE_OBJS   := $(GLUE_SRCS:%.c=$(BUILD)/%.o)
CTL_OBJS    := $(CTL_SRCS:%.c=$(BUILD)/%.o)
REPORT_OBJS := $(REPORT_SRCS:%.c=$(BUILD)/%.o)

# tests/unit/engine/<folder>/X_test.c tests engine/<folder>/X.c
UNIT_ENGINE_SRCS   := $(wildcard tests/unit/engine/*/*_test.c tests/unit/engine/*/*/*_test.c)
UNIT_REPORTER_SRCS := $(wildcard tests/unit/reporter/*/*_test.c)
UNIT_CAT_SRCS := $(wildcard tests/unit/catalogue/*_test.c)
UNIT_DRIVER_SRCS := $(wildcard tests/unit/driver/*/*_test.c)
UNIT_APPS_SRCS := $(wildcard tests/unit/apps/*_test.c)
UNIT_PTS_SRCS := $(wildcard tests/unit/pts/*_test.c)
UNIT_RECORD_SRCS := $(wildcard tests/unit/record/*_test.c)
UNIT_LIB_SRCS := $(wildcard tests/unit/library/*_test.c)
UNIT_BINS := $(UNIT_ENGINE_SRCS:%.c=$(BUILD)/%) $(UNIT_REPORTER_SRCS:%.c=$(BUILD)/%) $(UNIT_CAT_SRCS:%.c=$(BUILD)/%) \
	$(UNIT_APPS_SRCS:%.c=$(BUILD)/%) $(UNIT_DRIVER_SRCS:%.c=$(BUILD)/%) $(UNIT_PTS_SRCS:%.c=$(BUILD)/%) \
	$(UNIT_RECORD_SRCS:%.c=$(BUILD)/%) $(UNIT_LIB_SRCS:%.c=$(BUILD)/%)

ENGINE_SO := engine/libssdeng.so
SSDCTL    := engine/ssdctl
# a sanitizer build keeps its ssdreport under build/san, never over the normal one
SSDREPORT := $(if $(SANITIZE),$(BUILD)/reporter/ssdreport,reporter/ssdreport)
SSDREVIEW := $(if $(SANITIZE),$(BUILD)/driver/ssd-review,driver/ssd-review)
SSDAPPS   := $(if $(SANITIZE),$(BUILD)/apps/ssd-apps,apps/ssd-apps)

.PHONY: all engine tools check unit lab demo install uninstall install-man uninstall-man clean fio-src fuzz format format-check \
	check-stages check-docs check-schemas check-calls
all: engine tools check-stages check-docs check-schemas check-calls

# --- no two files call each other: read from the objects' symbols (scripts/check-call-circles)
check-calls: engine tools
	@scripts/check-call-circles $(BUILD)

# --- the JSON Schemas in docs/schemas/ made from record/'s tables of fields (apps.json,
# tpcc.json, status.json): `make` fails when a committed one differs from its table
# (scripts/schema-sync rewrites it)
check-schemas: $(BUILD)/rec-schemas
	@BUILD=$(BUILD) scripts/schema-sync --check

# --- boundaries: only engine/fio/ is built with fio's headers (the rules below); the reporter's
# stages (reporter/README.md): analyse/ and render/ open no file, and includes follow the pipeline,
# parse -> model -> analyse -> render -> output, nothing upward (scripts/check-reporter-stages);
# no component has an include circle, between its files nor between its folders, and the
# components form layers (scripts/check-include-cycles); every include is written from a
# component's root and names one file (scripts/check-include-paths). `make` and `make check` fail
# on a breach; tests/host/structure_checks.sh shows each one failing on an injected breach.
COMPONENTS := engine reporter driver record pts catalogue apps
check-stages:
	@scripts/check-reporter-stages
	@scripts/check-include-cycles $(COMPONENTS)
	@scripts/check-include-cycles --folders $(COMPONENTS)
	@scripts/check-include-cycles --components $(COMPONENTS)
	@scripts/check-include-paths $(COMPONENTS)

# docs/engine.md's transport tables are the registry's (engine/core/transport_registry.h) as
# build/engine/transport-doc prints them: `make` fails when they differ (scripts/transport-doc
# --check; scripts/transport-doc rewrites them)
TRANSPORT_DOC := $(BUILD)/engine/transport-doc
$(TRANSPORT_DOC): $(BUILD)/engine/core/transport_doc_main.o $(BUILD)/libssdcore.a
	$(CC) -o $@ $^ $(CORE_LIBS) $(SAN_LDFLAGS)
check-docs: $(TRANSPORT_DOC)
	@TRANSPORT_DOC=$(TRANSPORT_DOC) scripts/transport-doc --check

# --- fio headers: the exact source of the installed fio (scripts/fio-src) ---------------------
# FIO_SRC=/path/to/configured/fio/tree overrides; otherwise scripts/fio-src fetches and caches it.
$(BUILD)/fio-src.path: scripts/fio-src
	@mkdir -p $(BUILD)
	@scripts/fio-src > $@.tmp && mv $@.tmp $@ || { rm -f $@.tmp; exit 1; }
fio-src: $(BUILD)/fio-src.path
	@cat $<

FIO_TREE = $(if $(FIO_SRC),$(FIO_SRC),$(shell cat $(BUILD)/fio-src.path 2>/dev/null))
# the version of that tree (fio --version of a fio built from it), which the glue compares at load
# time with the fio that loads it (engine/fio/fio_engine.c)
FIO_BUILT_FOR = $(shell scripts/fio-src --version-of $(FIO_TREE))
FIO_CFLAGS = -I$(FIO_TREE) -include $(FIO_TREE)/config-host.h -DFIO_INTERNAL \
	-DSSD_FIO_BUILT_FOR='"$(FIO_BUILT_FOR)"'

$(BUILD)/engine/fio/%.o: engine/fio/%.c $(if $(FIO_SRC),,$(BUILD)/fio-src.path) $(ENGINE_HDRS)
	@mkdir -p $(dir $@)
	$(if $(FIO_SRC),@FIO_SRC=$(FIO_SRC) scripts/fio-src >/dev/null)
	$(CC) $(ALL_CFLAGS) -Wno-sign-compare -Wno-unused-parameter $(FIO_CFLAGS) -c $< -o $@

# --- our own code ------------------------------------------------------------------------------
# engine/ctl/ (ssdctl) builds json-c objects; every other engine folder needs only libc and the
# kernel's, libnvme's, liburing's and libaio's headers.
$(BUILD)/engine/ctl/%.o: engine/ctl/%.c $(ENGINE_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(JSONC_CFLAGS) -c $< -o $@
$(BUILD)/engine/%.o: engine/%.c $(ENGINE_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# one rule for every folder: % is <folder>/<file> (build/reporter/parse/fio_json.o, ...)
$(BUILD)/reporter/%.o: reporter/%.c $(REPORT_HDRS) catalogue/catalogue.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(REPORT_CFLAGS) -c $< -o $@

$(BUILD)/record/%.o: record/%.c $(RECORD_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(JSONC_CFLAGS) -c $< -o $@

$(BUILD)/library/%.o: library/%.c $(LIB_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(PQ_CFLAGS) -c $< -o $@

$(BUILD)/libssdlib.a: $(LIB_OBJS)
	@rm -f $@; ar rcs $@ $^

$(BUILD)/catalogue/%.o: catalogue/%.c catalogue/catalogue.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(REPORT_CFLAGS) -c $< -o $@
$(BUILD)/pts/%.o: pts/%.c $(wildcard pts/*.h) catalogue/catalogue.h $(RECORD_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(REPORT_CFLAGS) -c $< -o $@

# apps/: the engine's headers are read (host/dev_class.h, host/in_use.h), libssdcore.a linked
$(BUILD)/apps/%.o: apps/%.c $(APPS_HDRS) $(RECORD_HDRS) engine/host/dev_class.h engine/host/in_use.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(REPORT_CFLAGS) -Iapps -c $< -o $@

$(BUILD)/libssdapps.a: $(APPS_OBJS)
	@rm -f $@; ar rcs $@ $^

$(BUILD)/libssdcat.a: $(CAT_OBJS)
	@rm -f $@; ar rcs $@ $^

$(BUILD)/libssdrecord.a: $(RECORD_OBJS)
	@rm -f $@; ar rcs $@ $^

$(BUILD)/libssdcore.a: $(CORE_OBJS)
	@rm -f $@; ar rcs $@ $^

# ssdctl's commands as a library (engine/ctl/libssdctl.h); link with libssdcore.a and json-c
$(BUILD)/libssdctl.a: $(CTL_OBJS)
	@rm -f $@; ar rcs $@ $^

$(BUILD)/libssdreport.a: $(REPORT_OBJS)
	@rm -f $@; ar rcs $@ $^

engine: $(ENGINE_SO)
# libnvme linked from its static archive: the engine needs only its Identify commands
# (nvme_ioctl.o), and the shared library would bring libcrypto and json-c, millions of
# instructions of relocations at every dlopen() (scripts/bench-engine's "load"). Symbols are
# bound at dlopen() (-z now, with full RELRO), once per process, not by the first job's calls.
ENGINE_LIBS := $(firstword $(wildcard /usr/lib/$(shell $(CC) -dumpmachine)/libnvme.a) -lnvme) \
	-Wl,--as-needed -luring -laio -Wl,--no-as-needed
ENGINE_LDFLAGS := -shared -fPIC -Wl,-z,nodelete -Wl,-z,now -Wl,-z,relro -Wl,--exclude-libs,ALL
$(ENGINE_SO): $(GLUE_OBJS) $(BUILD)/libssdcore.a
	$(CC) $(ENGINE_LDFLAGS) -o $@ $(GLUE_OBJS) $(BUILD)/libssdcore.a $(ENGINE_LIBS) $(SAN_LDFLAGS)

# The engine made to believe it was built for another fio (tests/host/engine_fio_version.sh):
# the glue compiled with SSD_FIO_BUILT_FOR overridden, so the version check at load must refuse it.
OTHER_FIO_SO := $(BUILD)/tests/engine/libssdeng-fio-3.41.so
$(OTHER_FIO_SO): $(GLUE_OBJS) $(BUILD)/libssdcore.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Wno-sign-compare -Wno-unused-parameter $(FIO_CFLAGS) \
		-USSD_FIO_BUILT_FOR -DSSD_FIO_BUILT_FOR='"fio-3.41"' -c engine/fio/fio_engine.c -o $(@:.so=.o)
	$(CC) -shared -fPIC -Wl,-z,nodelete -Wl,--exclude-libs,ALL -o $@ $(@:.so=.o) \
		$(filter-out %/fio_engine.o,$(GLUE_OBJS)) $(BUILD)/libssdcore.a $(CORE_LIBS) $(SAN_LDFLAGS)

tools: $(if $(CTL_MAIN),$(SSDCTL)) $(if $(REPORT_MAIN),$(SSDREPORT)) $(SSDAPPS) $(SSDREVIEW) \
	$(BUILD)/rec-schemas \
	$(if $(SANITIZE),$(BUILD)/apps/tpcc.lua)
$(BUILD)/apps/tpcc.lua: apps/tpcc.lua
	@mkdir -p $(dir $@)
	cp $< $@
$(SSDAPPS): $(BUILD)/apps/apps_main.o $(BUILD)/libssdapps.a $(BUILD)/libssdrecord.a $(BUILD)/libssdcore.a
	$(CC) -o $@ $^ $(CORE_LIBS) $(REPORT_LIBS) $(SAN_LDFLAGS)
# the record documents' JSON Schemas from their tables of fields (scripts/schema-sync)
$(BUILD)/rec-schemas: $(BUILD)/record/schemas/rec_schemas.o $(BUILD)/libssdrecord.a
	$(CC) -o $@ $^ $(REPORT_LIBS) $(SAN_LDFLAGS)
$(SSDCTL): $(CTL_MAIN:%.c=$(BUILD)/%.o) $(BUILD)/libssdctl.a $(BUILD)/libssdcore.a
	$(CC) -o $@ $^ $(CORE_LIBS) $(JSONC_LIBS) $(SAN_LDFLAGS)
$(SSDREPORT): $(REPORT_MAIN:%.c=$(BUILD)/%.o) $(BUILD)/libssdreport.a $(BUILD)/libssdcat.a $(BUILD)/libssdrecord.a \
		$(BUILD)/libssdlib.a
	$(CC) -o $@ $^ $(REPORT_LIBS) $(SQLITE_LIBS) $(SAN_LDFLAGS)

# the version a run records (run.json, manifest) and the engine reports (SSDENG_REPORT):
# rewritten only when it changes
$(BUILD)/driver/version.h: FORCE
	@mkdir -p $(dir $@)
	@echo '#define SSDENG_VERSION "$(SSDENG_VERSION)"' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
.PHONY: FORCE
FORCE:

$(BUILD)/driver/%.o: driver/%.c $(DRIVER_HDRS) catalogue/catalogue.h apps/apps.h $(RECORD_HDRS) \
		$(wildcard engine/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(DRIVER_CFLAGS) $(REPORT_CFLAGS) -c $< -o $@
$(BUILD)/driver/run/tools.o: $(BUILD)/driver/version.h
$(BUILD)/driver/run/tools.o: ALL_CFLAGS += -include $(BUILD)/driver/version.h
# the engine's version in its report of transports (engine/fio/fio_version.c)
$(BUILD)/engine/fio/fio_version.o: $(BUILD)/driver/version.h
$(BUILD)/engine/fio/fio_version.o: ALL_CFLAGS += -include $(BUILD)/driver/version.h

$(BUILD)/libssddriver.a: $(DRIVER_OBJS)
	@rm -f $@; ar rcs $@ $^

# (library/uri.o: a library's URI shown without its password; it needs no SQLite nor libpq)
DRIVER_LIBS := $(BUILD)/libssddriver.a $(BUILD)/libssdcat.a $(BUILD)/libssdrecord.a $(BUILD)/libssdctl.a \
	$(BUILD)/libssdcore.a $(BUILD)/library/uri.o
$(SSDREVIEW): $(BUILD)/driver/main.o $(DRIVER_LIBS)
	$(CC) -o $@ $^ $(CORE_LIBS) $(REPORT_LIBS) $(SAN_LDFLAGS)

# --- unit tests (cmocka) -----------------------------------------------------------------------
$(BUILD)/tests/unit/engine/ctl/%: tests/unit/engine/ctl/%.c $(BUILD)/libssdctl.a $(BUILD)/libssdcore.a $(wildcard tests/unit/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(JSONC_CFLAGS) -Itests/unit -o $@ $< $(BUILD)/libssdctl.a $(BUILD)/libssdcore.a $(CORE_LIBS) $(JSONC_LIBS) -lcmocka $(SAN_LDFLAGS)
$(BUILD)/tests/unit/engine/%: tests/unit/engine/%.c $(BUILD)/libssdcore.a $(wildcard tests/unit/*.h tests/unit/reporter/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(BUILD)/libssdcore.a $(CORE_LIBS) -lcmocka $(SAN_LDFLAGS)
# tests/unit/reporter/<folder>/X_test.c tests reporter/<folder>/X.c; cases.h is shared by all
$(BUILD)/tests/unit/reporter/%: tests/unit/reporter/%.c $(BUILD)/libssdreport.a $(BUILD)/libssdcat.a $(BUILD)/libssdrecord.a $(REPORT_HDRS) $(wildcard tests/unit/*.h tests/unit/reporter/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(REPORT_CFLAGS) -Itests/unit -Itests/unit/reporter -o $@ $< $(BUILD)/libssdreport.a $(BUILD)/libssdcat.a \
		$(BUILD)/libssdrecord.a $(REPORT_LIBS) -lcmocka $(SAN_LDFLAGS)

$(BUILD)/tests/unit/catalogue/%: tests/unit/catalogue/%.c $(BUILD)/libssdcat.a $(BUILD)/libssdrecord.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(REPORT_CFLAGS) -Itests/unit -o $@ $< $(BUILD)/libssdcat.a $(BUILD)/libssdrecord.a $(REPORT_LIBS) -lcmocka \
		$(SAN_LDFLAGS)

# tests/unit/pts/X_test.c tests pts/X.c (in libssdcat.a)
$(BUILD)/tests/unit/pts/%: tests/unit/pts/%.c $(BUILD)/libssdcat.a $(BUILD)/libssdrecord.a $(wildcard pts/*.h tests/unit/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(REPORT_CFLAGS) -Itests/unit -o $@ $< $(BUILD)/libssdcat.a $(BUILD)/libssdrecord.a $(REPORT_LIBS) \
		-lcmocka $(SAN_LDFLAGS)

# tests/unit/driver/<folder>/X_test.c tests driver/<folder>/X.c; a test that fakes a seam (the
# process start: rv_child_run()) names it on a " * wrap: FUNCTION..." line, linked with --wrap
comma := ,
$(BUILD)/tests/unit/driver/%: tests/unit/driver/%.c $(DRIVER_LIBS) $(DRIVER_HDRS) $(wildcard tests/unit/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(DRIVER_CFLAGS) $(REPORT_CFLAGS) -Itests/unit -o $@ $< $(DRIVER_LIBS) $(CORE_LIBS) \
		$(addprefix -Wl$(comma)--wrap=,$(shell sed -n 's/^ \* wrap: //p' $<)) \
		$(REPORT_LIBS) -lcmocka $(SAN_LDFLAGS)


# tests/unit/record/X_test.c tests record/X.c (fixtures: tests/unit/record/fixtures/)
$(BUILD)/tests/unit/record/%: tests/unit/record/%.c $(BUILD)/libssdrecord.a $(RECORD_HDRS) $(wildcard tests/unit/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(JSONC_CFLAGS) -Itests/unit -o $@ $< $(BUILD)/libssdrecord.a $(REPORT_LIBS) \
		-lcmocka $(SAN_LDFLAGS)

# tests/unit/library/X_test.c tests library/X.c
$(BUILD)/tests/unit/library/%: tests/unit/library/%.c $(BUILD)/libssdlib.a $(LIB_HDRS) $(wildcard tests/unit/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -Itests/unit -o $@ $< $(BUILD)/libssdlib.a $(SQLITE_LIBS) -lcmocka $(SAN_LDFLAGS)

# tests/unit/apps/X_test.c tests apps/X.c (fixtures: tests/unit/apps/fixtures/, README there)
$(BUILD)/tests/unit/apps/%: tests/unit/apps/%.c $(BUILD)/libssdapps.a $(BUILD)/libssdrecord.a $(BUILD)/libssdcore.a $(APPS_HDRS) $(wildcard tests/unit/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(REPORT_CFLAGS) -Iapps -Itests/unit -o $@ $< $(BUILD)/libssdapps.a $(BUILD)/libssdrecord.a $(BUILD)/libssdcore.a \
		$(CORE_LIBS) $(REPORT_LIBS) -lcmocka $(SAN_LDFLAGS)

unit: $(UNIT_BINS) $(if $(REPORT_MAIN),$(SSDREPORT)) $(SSDAPPS) $(SSDREVIEW) $(OTHER_FIO_SO) \
	$(if $(SANITIZE),$(BUILD)/apps/tpcc.lua)

# --- fuzzing: libFuzzer harnesses fuzz/**/NAME_fuzz.c, built with clang, ASan and UBSan ----------
# (the engine's mirror engine/: fuzz/engine/codec/...); each is built as build/fuzz/NAME_fuzz.
# make fuzz [FUZZ_SECONDS=N] [FUZZ_TARGETS="fio_json ..."]: build, then run each for N seconds.
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_DIR     := build/fuzz
FUZZ_CFLAGS   = -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all $(WARN) -std=gnu11 \
		-D_GNU_SOURCE -I. -Iengine -Ireporter $(REPORT_CFLAGS)
FUZZ_SRCS    := $(wildcard fuzz/*_fuzz.c fuzz/*/*_fuzz.c fuzz/*/*/*_fuzz.c fuzz/*/*/*/*_fuzz.c)
FUZZ_TARGETS ?= $(patsubst %_fuzz.c,%,$(notdir $(FUZZ_SRCS)))

$(FUZZ_DIR)/%.o: %.c $(ENGINE_HDRS) $(REPORT_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
$(FUZZ_DIR)/libssdcore.a: $(CORE_SRCS:%.c=$(FUZZ_DIR)/%.o)
	@rm -f $@; ar rcs $@ $^
$(FUZZ_DIR)/libssdreport.a: $(REPORT_SRCS:%.c=$(FUZZ_DIR)/%.o) $(patsubst %.c,$(FUZZ_DIR)/%.o,$(wildcard pts/*.c)) \
		$(RECORD_SRCS:%.c=$(FUZZ_DIR)/%.o)
	@rm -f $@; ar rcs $@ $^
define fuzz_rule
$(FUZZ_DIR)/$(notdir $(1:%.c=%)): $(1) $(FUZZ_DIR)/libssdcore.a $(FUZZ_DIR)/libssdreport.a
	$$(FUZZ_CC) $$(FUZZ_CFLAGS) -fsanitize=fuzzer -o $$@ $$< $(FUZZ_DIR)/libssdreport.a \
		$(FUZZ_DIR)/libssdcore.a $$(REPORT_LIBS) $$(CORE_LIBS)
endef
$(foreach f,$(FUZZ_SRCS),$(eval $(call fuzz_rule,$(f))))

fuzz: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/%_fuzz)
	fuzz/run $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# make check / make demo: install what is missing (scripts/install-deps), build, run.
# make check runs the unit tests on the host, then the lab tests in QEMU (LAB=0 skips the lab).
check:
	@scripts/install-deps --quiet
	@$(MAKE) --no-print-directory check-stages unit $(if $(SANITIZE),,all)
	@BUILD=$(BUILD) SANITIZE=$(SANITIZE) LAB=$(if $(SANITIZE),0,$(LAB)) tests/run

# format: apply .clang-format to every tracked C file; format-check: fail on any that differs
format:
	scripts/check-format --fix
format-check:
	scripts/check-format

demo:
	@scripts/install-deps --quiet
	@$(MAKE) --no-print-directory all
	scripts/demo

# manual pages (man/): ssd-review(1), ssdreport(1), ssd-apps(1), ssdctl(8); tests/host/man_pages.sh
# renders each with `man --warnings` and checks it names every option of the command's --help
MAN1 := man/ssd-review.1 man/ssdreport.1 man/ssd-apps.1
MAN8 := man/ssdctl.8
install-man:
	install -d $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/man/man8
	install -m 0644 $(MAN1) $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 0644 $(MAN8) $(DESTDIR)$(PREFIX)/share/man/man8/
uninstall-man:
	rm -f $(MAN1:man/%=$(DESTDIR)$(PREFIX)/share/man/man1/%) $(MAN8:man/%=$(DESTDIR)$(PREFIX)/share/man/man8/%)

install: all install-man
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/ssdeng/jobfiles \
		$(DESTDIR)$(PREFIX)/share/ssdeng/reference
	install -m 0755 $(SSDREVIEW) $(DESTDIR)$(PREFIX)/bin/ssd-review
	$(if $(wildcard reporter/reference/*.json),install -m 0644 $(wildcard reporter/reference/*.json) $(DESTDIR)$(PREFIX)/share/ssdeng/reference/)
	install -m 0755 $(ENGINE_SO) $(DESTDIR)$(PREFIX)/lib/libssdeng.so
	$(if $(CTL_MAIN),install -m 0755 $(SSDCTL) $(DESTDIR)$(PREFIX)/bin/ssdctl)
	$(if $(REPORT_MAIN),install -m 0755 $(SSDREPORT) $(DESTDIR)$(PREFIX)/bin/ssdreport)
	install -m 0755 $(SSDAPPS) $(DESTDIR)$(PREFIX)/bin/ssd-apps
	install -m 0644 apps/tpcc.lua $(DESTDIR)$(PREFIX)/share/ssdeng/tpcc.lua
	$(if $(wildcard jobfiles/*.fio),install -m 0644 $(wildcard jobfiles/*.fio) jobfiles/catalogue.json $(DESTDIR)$(PREFIX)/share/ssdeng/jobfiles/)
	$(if $(DESTDIR),,ldconfig)

uninstall: uninstall-man
	rm -f $(DESTDIR)$(PREFIX)/lib/libssdeng.so $(DESTDIR)$(PREFIX)/bin/ssdctl $(DESTDIR)$(PREFIX)/bin/ssdreport \
		$(DESTDIR)$(PREFIX)/bin/ssd-review $(DESTDIR)$(PREFIX)/bin/ssd-apps
	rm -rf $(DESTDIR)$(PREFIX)/share/ssdeng
	$(if $(DESTDIR),,ldconfig)

clean:
	rm -rf build/engine build/reporter build/catalogue build/pts build/record build/apps build/driver build/tests build/san \
		build/fuzz \
		build/*.a $(ENGINE_SO) $(SSDCTL) $(SSDREPORT) apps/ssd-apps driver/ssd-review
