// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssd_ata_smart.c - SMART attribute table and Device Statistics decoding.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "codec/ata/ata_smart.h"

#define SMART_TABLE_OFF 2
#define SMART_ENTRY_LEN 12

int ssd_ata_parse_smart_data(const uint8_t *buf, size_t len, struct ssd_ata_smart *out, char *err,
			     size_t errlen)
{
	if (len < SMART_TABLE_OFF + SSD_ATA_SMART_MAX_ATTRS * SMART_ENTRY_LEN) {
		snprintf(err, errlen, "SMART READ DATA: %zu bytes, 362 expected", len);
		return -EINVAL;
	}
	out->n = 0;
	for (int i = 0; i < SSD_ATA_SMART_MAX_ATTRS; i++) {
		const uint8_t *e = buf + SMART_TABLE_OFF + i * SMART_ENTRY_LEN;
		struct ssd_ata_smart_attr *a;

		if (e[0] == 0)
			continue;
		a = &out->a[out->n++];
		a->id = e[0];
		a->flags = (uint16_t)(e[1] | e[2] << 8);
		a->value = e[3];
		a->worst = e[4];
		a->raw = 0;
		for (int b = 5; b >= 0; b--)
			a->raw = a->raw << 8 | e[5 + b];
	}
	return 0;
}

const struct ssd_ata_smart_attr *ssd_ata_smart_find(const struct ssd_ata_smart *s, uint8_t id)
{
	for (unsigned int i = 0; i < s->n; i++)
		if (s->a[i].id == id)
			return &s->a[i];
	return NULL;
}

const char *ssd_ata_smart_attr_name(uint8_t id)
{
	static const struct {
		uint8_t id;
		const char *name;
	} names[] = {
	    {1, "Raw_Read_Error_Rate"},
	    {3, "Spin_Up_Time"},
	    {4, "Start_Stop_Count"},
	    {5, "Reallocated_Sector_Ct"},
	    {9, "Power_On_Hours"},
	    {12, "Power_Cycle_Count"},
	    {170, "Available_Reservd_Space"},
	    {171, "Program_Fail_Count"},
	    {172, "Erase_Fail_Count"},
	    {173, "Wear_Leveling_Count"},
	    {174, "Unexpect_Power_Loss_Ct"},
	    {177, "Wear_Leveling_Count"},
	    {187, "Reported_Uncorrect"},
	    {190, "Airflow_Temperature_Cel"},
	    {192, "Power-Off_Retract_Count"},
	    {194, "Temperature_Celsius"},
	    {196, "Reallocated_Event_Count"},
	    {197, "Current_Pending_Sector"},
	    {198, "Offline_Uncorrectable"},
	    {199, "UDMA_CRC_Error_Count"},
	    {231, "SSD_Life_Left"},
	    {232, "Available_Reservd_Space"},
	    {233, "Media_Wearout_Indicator"},
	    {241, "Total_LBAs_Written"},
	    {242, "Total_LBAs_Read"},
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (names[i].id == id)
			return names[i].name;
	return NULL;
}

static uint64_t le64(const uint8_t *p)
{
	uint64_t v = 0;

	for (int i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

#define DEVSTAT_SUPPORTED (1ull << 63)
#define DEVSTAT_VALID (1ull << 62)

static struct ssd_ata_devstat_value stat_at(const uint8_t *buf, unsigned int off, uint64_t mask,
					    bool is_signed8)
{
	uint64_t q = le64(buf + off);
	struct ssd_ata_devstat_value v = {0};

	v.valid = (q & (DEVSTAT_SUPPORTED | DEVSTAT_VALID)) == (DEVSTAT_SUPPORTED | DEVSTAT_VALID);
	if (v.valid)
		v.value = is_signed8 ? (int8_t)(q & 0xff) : (int64_t)(q & mask);
	return v;
}

#define MASK32 0xffffffffull
#define MASK48 0xffffffffffffull

int ssd_ata_parse_devstat_page(const uint8_t *buf, size_t len, uint8_t page,
			       struct ssd_ata_devstats *out, char *err, size_t errlen)
{
	if (len < 512) {
		snprintf(err, errlen, "Device Statistics page %02Xh: %zu bytes, 512 expected", page,
			 len);
		return -EINVAL;
	}
	if (buf[2] != page) {
		snprintf(err, errlen, "Device Statistics page %02Xh: header names page %02Xh", page,
			 buf[2]);
		return -EINVAL;
	}
	switch (page) {
	case SSD_ATA_DEVSTAT_GENERAL:
		out->power_on_hours = stat_at(buf, 0x10, MASK32, false);
		out->logical_sectors_written = stat_at(buf, 0x18, MASK48, false);
		out->write_commands = stat_at(buf, 0x20, MASK48, false);
		out->logical_sectors_read = stat_at(buf, 0x28, MASK48, false);
		out->read_commands = stat_at(buf, 0x30, MASK48, false);
		break;
	case SSD_ATA_DEVSTAT_TEMPERATURE:
		out->temperature_c = stat_at(buf, 0x08, 0xff, true);
		break;
	case SSD_ATA_DEVSTAT_SSD:
		out->percentage_used = stat_at(buf, 0x08, 0xff, false);
		break;
	default:
		break;
	}
	return 0;
}
