-- SPDX-License-Identifier: GPL-2.0-only
--
-- tpcc.lua - a TPC-C-like workload for sysbench 1.0 on PostgreSQL (--db-driver=pgsql), written
-- from the TPC-C specification's public definitions (revision 5.11): its nine tables with
-- warehouses as the scale (clause 1, 4.3.3.1), the five transactions (clause 2.4-2.8) in the
-- standard mix, NURand keys (2.1.6), 1 % of New-Orders rolled back on an unused item (2.4.1.4).
-- A throughput test on TPC-C's schema and mix, not a TPC-C result: there are no keying or think
-- times, each transaction's home warehouse is drawn at random instead of being a terminal's, and
-- Delivery runs as an ordinary transaction instead of being deferred.
--
-- Commands (apps/README.md):
--   prepare   the schema, the initial population of --warehouses warehouses (loaded by the
--             server from generate_series, warehouses spread over --threads), then the primary
--             keys and indexes, VACUUM ANALYZE and a CHECKPOINT
--   run       the transactions, one sysbench event each; at the end every thread prints its
--             per-type figures as "tpcc-stats" lines (below)
--   check     TPC-C's consistency conditions 1-4 (clause 3.3.2.1-3.3.2.4), "tpcc-check" lines
-- and `run --selftest=on`: no database, the transaction mix and NURand on the --rand-seed given,
-- "tpcc-selftest" lines (the unit tests read them).
--
-- A deadlock (SQLSTATE 40P01) or serialization failure (40001) rolls the transaction back
-- (sysbench's pgsql driver does) and the same transaction, with the same inputs, runs again; each
-- retry is counted by type and by SQLSTATE, and sysbench counts it as an ignored error too.
--
-- Lines printed by run, one per thread and transaction type (latencies in ms, from the first
-- attempt to the commit or the rollback, retries included):
--   tpcc-stats type=new_order thread=N done=N rolled_back=N retries=N deadlocks=N
--              serialization=N lat_sum_ms=X hist=I:C,I:C,...
-- where hist holds the non-empty buckets of sysbench's own histogram layout (1024 logarithmic
-- buckets from 0.001 to 100,000 ms; bucket I stands for exp(I / mult + ln 0.001)).

local ffi = require("ffi")

pcall(ffi.cdef, [[
typedef struct { long tv_sec; long tv_nsec; } tpcc_timespec_t;
int clock_gettime(int clk_id, tpcc_timespec_t *tp);
]])

sysbench.cmdline.options = {
   warehouses = {"Warehouses (TPC-C's scale)", 1},
   items = {"Items, and stock rows per warehouse (TPC-C's 100000)", 100000},
   customers = {"Customers, and initial orders, per district (TPC-C's 3000)", 3000},
   selftest = {"run draws the transactions and their inputs without a database", false},
}

-- Cardinalities of the initial population (clause 4.3.3.1): 10 districts per warehouse;
-- --customers customers and as many orders per district, the last 30 % of them new (undelivered:
-- 2101..3000 of TPC-C's 3000); --items items, each with a stock row per warehouse.
local DISTRICTS = 10
local MIX = {                 -- per 100 transactions: the standard mix (clause 5.2.3)
   {"new_order", 45}, {"payment", 43}, {"order_status", 4}, {"delivery", 4},
   {"stock_level", 4},
}
local TYPES = {"new_order", "payment", "order_status", "delivery", "stock_level"}

-- NURand's C constants (clause 2.1.6): chosen once within [0 .. A]. C for last names differs
-- between the load and the run by 66, inside the allowed [65 .. 119] and not 96 or 112.
local C_LAST_LOAD, C_LAST_RUN, C_ID, C_OL_I_ID = 157, 223, 259, 7911

-- Last names: three syllables chosen by the digits of a number 0..999 (clause 4.3.2.3).
local SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"}

local function last_name(n)
   return SYLLABLES[math.floor(n / 100) + 1] .. SYLLABLES[math.floor(n / 10) % 10 + 1] ..
      SYLLABLES[n % 10 + 1]
end

local function rnd(a, b)
   return sysbench.rand.uniform(a, b)
end

-- NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x  (clause 2.1.6)
local function nurand(a, x, y, c)
   return (bit.bor(rnd(0, a), rnd(x, y)) + c) % (y - x + 1) + x
end

local function items()
   return sysbench.opt.items
end

local function customers()
   return sysbench.opt.customers
end

-- the first new order of a district: 2101 of 3000
local function first_new_order()
   return customers() - math.floor(customers() * 3 / 10) + 1
end

-- the last names in use: TPC-C's 1000 (the first customers of a district carry them in turn)
local function last_names()
   return math.min(1000, customers())
end

local function warehouses()
   return sysbench.opt.warehouses
end

-- ---- the transaction mix: a shuffled deck of 100 cards per thread (clause 5.2.4.2) ------------

local deck, deck_pos = {}, 101

local function next_type()
   if deck_pos > 100 then
      deck = {}
      for _, m in ipairs(MIX) do
         for _ = 1, m[2] do
            deck[#deck + 1] = m[1]
         end
      end
      for i = 100, 2, -1 do -- Fisher-Yates
         local j = rnd(1, i)
         deck[i], deck[j] = deck[j], deck[i]
      end
      deck_pos = 1
   end
   deck_pos = deck_pos + 1
   return deck[deck_pos - 1]
end

-- ---- time and per-type figures ----------------------------------------------------------------

local ts = ffi.new("tpcc_timespec_t")

local function now_ms()
   ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
   return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

-- sysbench 1.0's histogram layout (src/sb_histogram.c)
local HIST_SIZE, HIST_MIN, HIST_MAX = 1024, 0.001, 100000
local HIST_DEDUCT = math.log(HIST_MIN)
local HIST_MULT = (HIST_SIZE - 1) / (math.log(HIST_MAX) - HIST_DEDUCT)

local stats = {}

local function stats_reset()
   for _, t in ipairs(TYPES) do
      stats[t] = {done = 0, rolled_back = 0, retries = 0, deadlocks = 0, serialization = 0,
                  lat_sum = 0, hist = {}}
   end
end
stats_reset()

local function record(t, ms, rolled_back)
   local s = stats[t]
   local i = math.floor((math.log(ms) - HIST_DEDUCT) * HIST_MULT + 0.5)

   if ms <= 0 or i < 0 then
      i = 0
   elseif i >= HIST_SIZE then
      i = HIST_SIZE - 1
   end
   s.hist[i] = (s.hist[i] or 0) + 1
   s.lat_sum = s.lat_sum + ms
   if rolled_back then
      s.rolled_back = s.rolled_back + 1
   else
      s.done = s.done + 1
   end
end

-- ---- SQL helpers ----------------------------------------------------------------------------

local con

local function q(sql, ...)
   return con:query(string.format(sql, ...))
end

local function row(sql, ...)
   return con:query_row(string.format(sql, ...))
end

-- a string as an SQL literal
local function lit(s)
   return "'" .. string.gsub(s, "'", "''") .. "'"
end

-- the customer of a Payment or Order-Status: 60 % by last name, the one at position ceil(n / 2)
-- in C_FIRST order among those of that name (clause 2.5.2.2, 2.6.2.2), else by number
local function pick_customer(w, d, by_name, c_id, c_last)
   if not by_name then
      return c_id
   end
   local rs = q("SELECT c_id FROM customer WHERE c_w_id = %d AND c_d_id = %d AND c_last = %s " ..
                "ORDER BY c_first", w, d, lit(c_last))
   local n = rs.nrows
   local id

   for k = 1, math.floor((n + 1) / 2) do
      id = rs:fetch_row()[1]
   end
   return id and tonumber(id) or nil
end

-- ---- the five transactions: inputs drawn first (so a retry repeats them), then the work -----

local input = {}
local tx = {}

function input.new_order(w)
   local a = {w = w, d = rnd(1, DISTRICTS), c = nurand(1023, 1, customers(), C_ID),
              n = rnd(5, 15), lines = {}, all_local = 1}
   local rollback = rnd(1, 100) == 1

   for k = 1, a.n do
      local l = {i = nurand(8191, 1, items(), C_OL_I_ID), supply = w, qty = rnd(1, 10)}

      if warehouses() > 1 and rnd(1, 100) == 1 then -- 1 % supplied by a remote warehouse
         repeat l.supply = rnd(1, warehouses()) until l.supply ~= w
         a.all_local = 0
      end
      a.lines[k] = l
   end
   if rollback then
      a.lines[a.n].i = items() + 1 -- an unused item: the transaction is rolled back
   end
   -- stock rows are locked in (warehouse, item) order, so two New-Orders cannot deadlock
   table.sort(a.lines, function(x, y)
      return x.supply < y.supply or (x.supply == y.supply and x.i < y.i)
   end)
   return a
end

-- Return: true when rolled back (the unused item)
function tx.new_order(a)
   con:query("BEGIN")
   local w_tax = row("SELECT w_tax FROM warehouse WHERE w_id = %d", a.w)
   local d_tax, o_id = row("UPDATE district SET d_next_o_id = d_next_o_id + 1 " ..
                           "WHERE d_w_id = %d AND d_id = %d RETURNING d_tax, d_next_o_id - 1",
                           a.w, a.d)
   row("SELECT c_discount, c_last, c_credit FROM customer " ..
       "WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d", a.w, a.d, a.c)
   q("INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, " ..
     "o_all_local) VALUES (%s, %d, %d, %d, now(), NULL, %d, %d)",
     o_id, a.d, a.w, a.c, a.n, a.all_local)
   q("INSERT INTO new_orders (no_o_id, no_d_id, no_w_id) VALUES (%s, %d, %d)", o_id, a.d, a.w)
   for k, l in ipairs(a.lines) do
      local price = row("SELECT i_price FROM item WHERE i_id = %d", l.i)

      if price == nil then
         con:query("ROLLBACK")
         return true
      end
      local dist = string.format("s_dist_%02d", a.d)
      local s_dist = row("UPDATE stock SET s_quantity = CASE WHEN s_quantity >= %d + 10 " ..
                         "THEN s_quantity - %d ELSE s_quantity - %d + 91 END, " ..
                         "s_ytd = s_ytd + %d, s_order_cnt = s_order_cnt + 1, " ..
                         "s_remote_cnt = s_remote_cnt + %d WHERE s_w_id = %d AND s_i_id = %d " ..
                         "RETURNING %s", l.qty, l.qty, l.qty, l.qty,
                         l.supply == a.w and 0 or 1, l.supply, l.i, dist)
      q("INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, " ..
        "ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info) " ..
        "VALUES (%s, %d, %d, %d, %d, %d, NULL, %d, %s * %d, %s)",
        o_id, a.d, a.w, k, l.i, l.supply, l.qty, price, l.qty, lit(s_dist or ""))
   end
   con:query("COMMIT")
   return false
end

-- the customer of a Payment: 85 % of the home warehouse and district, else a remote one
function input.payment(w)
   local a = {w = w, d = rnd(1, DISTRICTS), amount = rnd(100, 500000) / 100,
              by_name = rnd(1, 100) <= 60}

   a.c_w, a.c_d = w, a.d
   if warehouses() > 1 and rnd(1, 100) > 85 then
      repeat a.c_w = rnd(1, warehouses()) until a.c_w ~= w
      a.c_d = rnd(1, DISTRICTS)
   end
   a.c = nurand(1023, 1, customers(), C_ID)
   a.last = last_name(nurand(255, 0, last_names() - 1, C_LAST_RUN))
   return a
end

function tx.payment(a)
   con:query("BEGIN")
   local w_name = row("UPDATE warehouse SET w_ytd = w_ytd + %.2f WHERE w_id = %d " ..
                      "RETURNING w_name", a.amount, a.w)
   local d_name = row("UPDATE district SET d_ytd = d_ytd + %.2f " ..
                      "WHERE d_w_id = %d AND d_id = %d RETURNING d_name", a.amount, a.w, a.d)
   local c = pick_customer(a.c_w, a.c_d, a.by_name, a.c, a.last)
   local credit = row("SELECT c_credit FROM customer WHERE c_w_id = %d AND c_d_id = %d " ..
                      "AND c_id = %d FOR UPDATE", a.c_w, a.c_d, c)

   if credit == "BC" then -- bad credit: the payment is noted in C_DATA (clause 2.5.2.2)
      q("UPDATE customer SET c_balance = c_balance - %.2f, " ..
        "c_ytd_payment = c_ytd_payment + %.2f, c_payment_cnt = c_payment_cnt + 1, " ..
        "c_data = substr(%s || c_data, 1, 500) " ..
        "WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d",
        a.amount, a.amount, lit(string.format("%d %d %d %d %d %.2f ", c, a.c_d, a.c_w, a.d, a.w,
                                              a.amount)), a.c_w, a.c_d, c)
   else
      q("UPDATE customer SET c_balance = c_balance - %.2f, " ..
        "c_ytd_payment = c_ytd_payment + %.2f, c_payment_cnt = c_payment_cnt + 1 " ..
        "WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d",
        a.amount, a.amount, a.c_w, a.c_d, c)
   end
   q("INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, " ..
     "h_data) VALUES (%d, %d, %d, %d, %d, now(), %.2f, %s)", c, a.c_d, a.c_w, a.d, a.w,
     a.amount, lit(w_name .. "    " .. d_name))
   con:query("COMMIT")
   return false
end

function input.order_status(w)
   return {w = w, d = rnd(1, DISTRICTS), by_name = rnd(1, 100) <= 60,
           c = nurand(1023, 1, customers(), C_ID),
           last = last_name(nurand(255, 0, last_names() - 1, C_LAST_RUN))}
end

function tx.order_status(a)
   con:query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
   local c = pick_customer(a.w, a.d, a.by_name, a.c, a.last)

   row("SELECT c_balance, c_first, c_middle, c_last FROM customer " ..
       "WHERE c_w_id = %d AND c_d_id = %d AND c_id = %d", a.w, a.d, c)
   local o_id = row("SELECT max(o_id) FROM orders WHERE o_w_id = %d AND o_d_id = %d " ..
                    "AND o_c_id = %d", a.w, a.d, c)
   if o_id then
      q("SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d " ..
        "FROM order_line WHERE ol_w_id = %d AND ol_d_id = %d AND ol_o_id = %s",
        a.w, a.d, o_id)
   end
   con:query("COMMIT")
   return false
end

function input.delivery(w)
   return {w = w, carrier = rnd(1, 10)}
end

-- every district's oldest undelivered order; a district with none (or whose oldest another
-- Delivery took meanwhile) is skipped, as clause 2.7.4.2 allows
function tx.delivery(a)
   con:query("BEGIN")
   for d = 1, DISTRICTS do
      local o_id = row("DELETE FROM new_orders WHERE no_w_id = %d AND no_d_id = %d AND " ..
                       "no_o_id = (SELECT min(no_o_id) FROM new_orders WHERE no_w_id = %d " ..
                       "AND no_d_id = %d) RETURNING no_o_id", a.w, d, a.w, d)
      if o_id then
         local c = row("UPDATE orders SET o_carrier_id = %d WHERE o_w_id = %d AND " ..
                       "o_d_id = %d AND o_id = %s RETURNING o_c_id", a.carrier, a.w, d, o_id)
         local total = row("WITH l AS (UPDATE order_line SET ol_delivery_d = now() " ..
                           "WHERE ol_w_id = %d AND ol_d_id = %d AND ol_o_id = %s " ..
                           "RETURNING ol_amount) SELECT coalesce(sum(ol_amount), 0) FROM l",
                           a.w, d, o_id)
         q("UPDATE customer SET c_balance = c_balance + %s, " ..
           "c_delivery_cnt = c_delivery_cnt + 1 " ..
           "WHERE c_w_id = %d AND c_d_id = %d AND c_id = %s", total, a.w, d, c)
      end
   end
   con:query("COMMIT")
   return false
end

function input.stock_level(w)
   return {w = w, d = rnd(1, DISTRICTS), threshold = rnd(10, 20)}
end

function tx.stock_level(a)
   con:query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
   local next_o = row("SELECT d_next_o_id FROM district WHERE d_w_id = %d AND d_id = %d",
                      a.w, a.d)
   row("SELECT count(DISTINCT s_i_id) FROM order_line, stock " ..
       "WHERE ol_w_id = %d AND ol_d_id = %d AND ol_o_id < %s AND ol_o_id >= %s - 20 " ..
       "AND s_w_id = %d AND s_i_id = ol_i_id AND s_quantity < %d",
       a.w, a.d, next_o, next_o, a.w, a.threshold)
   con:query("COMMIT")
   return false
end

-- ---- selftest: the mix and NURand without a database ---------------------------------------

-- With --selftest=on, `run` (with --events=N --rand-seed=S: the same draws every time) connects
-- to nothing: each event draws a transaction type from the deck, that type's inputs, and one
-- value of each NURand; thread_done prints what was drawn.
local NURANDS = {{1023, 1, 3000, C_ID}, {8191, 1, 100000, C_OL_I_ID}, {255, 0, 999, C_LAST_RUN}}
local drawn = {types = {}, nurand = {{}, {}, {}}, n = 0, rollbacks = 0, remote = 0}

local function selftest_event()
   local t = next_type()
   local a = input[t](rnd(1, warehouses()))

   if t == "new_order" and a.lines[#a.lines].i > items() then
      drawn.rollbacks = drawn.rollbacks + 1
   elseif t == "payment" and a.c_w ~= a.w then
      drawn.remote = drawn.remote + 1
   end
   drawn.types[t] = (drawn.types[t] or 0) + 1
   drawn.n = drawn.n + 1
   for k, p in ipairs(NURANDS) do
      local v = nurand(p[1], p[2], p[3], p[4])
      local d = drawn.nurand[k]

      d[v] = (d[v] or 0) + 1
      d.lo, d.hi = math.min(d.lo or v, v), math.max(d.hi or v, v)
      if drawn.n <= 5 then
         d.first = (d.first and d.first .. "," or "") .. v
      end
   end
end

-- "tpcc-selftest mix draws=N new_order=N ... new_order_rollbacks=N remote_payments=N"; per NURand
-- its range, the values drawn, the share of the draws that fell on the most drawn 10 % of the
-- range, and the first five values
local function selftest_done()
   local f = {}

   for _, t in ipairs(TYPES) do
      f[#f + 1] = t .. "=" .. (drawn.types[t] or 0)
   end
   print("tpcc-selftest mix draws=" .. drawn.n .. " " .. table.concat(f, " ") ..
         " new_order_rollbacks=" .. drawn.rollbacks .. " remote_payments=" .. drawn.remote)
   for k, p in ipairs(NURANDS) do
      local d, c, top = drawn.nurand[k], {}, 0

      for v, m in pairs(d) do
         if type(v) == "number" then
            c[#c + 1] = m
         end
      end
      table.sort(c, function(x, y) return x > y end)
      for j = 1, math.floor((p[3] - p[2] + 1) / 10) do
         top = top + (c[j] or 0)
      end
      print(string.format("tpcc-selftest nurand A=%d x=%d y=%d C=%d min=%d max=%d " ..
                          "distinct=%d top10pct_share=%.4f first=%s", p[1], p[2], p[3], p[4],
                          d.lo, d.hi, #c, top / drawn.n, d.first))
   end
   print("tpcc-selftest last_name 0=" .. last_name(0) .. " 371=" .. last_name(371) ..
         " 999=" .. last_name(999))
end

-- ---- run ----------------------------------------------------------------------------------

function thread_init()
   if not sysbench.opt.selftest then
      con = sysbench.sql.driver():connect()
   end
   stats_reset()
end

function event()
   if sysbench.opt.selftest then
      return selftest_event()
   end
   local t = next_type()
   local a = input[t](rnd(1, warehouses()))
   local t0 = now_ms()
   local s = stats[t]

   while true do
      local ok, res = pcall(tx[t], a)

      if ok then
         record(t, now_ms() - t0, res)
         return
      end
      -- the driver rolled back a deadlock (40P01) or serialization failure (40001): again
      if type(res) ~= "table" or res.errcode ~= sysbench.error.RESTART_EVENT then
         error(res, 0)
      end
      s.retries = s.retries + 1
      if res.sql_state == "40P01" then
         s.deadlocks = s.deadlocks + 1
      elseif res.sql_state == "40001" then
         s.serialization = s.serialization + 1
      end
   end
end

function thread_done()
   if sysbench.opt.selftest then
      return selftest_done()
   end
   for _, t in ipairs(TYPES) do
      local s, h = stats[t], {}

      for i = 0, HIST_SIZE - 1 do
         if s.hist[i] then
            h[#h + 1] = i .. ":" .. s.hist[i]
         end
      end
      io.write(string.format("tpcc-stats type=%s thread=%d done=%d rolled_back=%d retries=%d " ..
                             "deadlocks=%d serialization=%d lat_sum_ms=%.3f hist=%s\n",
                             t, sysbench.tid, s.done, s.rolled_back, s.retries, s.deadlocks,
                             s.serialization, s.lat_sum, table.concat(h, ",")))
   end
   con:disconnect()
end

-- ---- prepare: the schema and the initial population (clause 1.3, 4.3.3.1) -------------------

local SCHEMA = {
   [[CREATE TABLE warehouse (w_id int NOT NULL, w_name varchar(10), w_street_1 varchar(20),
     w_street_2 varchar(20), w_city varchar(20), w_state char(2), w_zip char(9),
     w_tax numeric(4,4), w_ytd numeric(12,2))]],
   [[CREATE TABLE district (d_id int NOT NULL, d_w_id int NOT NULL, d_name varchar(10),
     d_street_1 varchar(20), d_street_2 varchar(20), d_city varchar(20), d_state char(2),
     d_zip char(9), d_tax numeric(4,4), d_ytd numeric(12,2), d_next_o_id int)]],
   [[CREATE TABLE customer (c_id int NOT NULL, c_d_id int NOT NULL, c_w_id int NOT NULL,
     c_first varchar(16), c_middle char(2), c_last varchar(16), c_street_1 varchar(20),
     c_street_2 varchar(20), c_city varchar(20), c_state char(2), c_zip char(9),
     c_phone char(16), c_since timestamp, c_credit char(2), c_credit_lim numeric(12,2),
     c_discount numeric(4,4), c_balance numeric(12,2), c_ytd_payment numeric(12,2),
     c_payment_cnt int, c_delivery_cnt int, c_data varchar(500))]],
   [[CREATE TABLE history (h_c_id int, h_c_d_id int, h_c_w_id int, h_d_id int, h_w_id int,
     h_date timestamp, h_amount numeric(6,2), h_data varchar(24))]],
   [[CREATE TABLE new_orders (no_o_id int NOT NULL, no_d_id int NOT NULL,
     no_w_id int NOT NULL)]],
   [[CREATE TABLE orders (o_id int NOT NULL, o_d_id int NOT NULL, o_w_id int NOT NULL,
     o_c_id int, o_entry_d timestamp, o_carrier_id int, o_ol_cnt int, o_all_local int)]],
   [[CREATE TABLE order_line (ol_o_id int NOT NULL, ol_d_id int NOT NULL,
     ol_w_id int NOT NULL, ol_number int NOT NULL, ol_i_id int, ol_supply_w_id int,
     ol_delivery_d timestamp, ol_quantity int, ol_amount numeric(6,2), ol_dist_info char(24))]],
   [[CREATE TABLE item (i_id int NOT NULL, i_im_id int, i_name varchar(24),
     i_price numeric(5,2), i_data varchar(50))]],
   [[CREATE TABLE stock (s_i_id int NOT NULL, s_w_id int NOT NULL, s_quantity int,
     s_dist_01 char(24), s_dist_02 char(24), s_dist_03 char(24), s_dist_04 char(24),
     s_dist_05 char(24), s_dist_06 char(24), s_dist_07 char(24), s_dist_08 char(24),
     s_dist_09 char(24), s_dist_10 char(24), s_ytd int, s_order_cnt int, s_remote_cnt int,
     s_data varchar(50))]],
   -- the random text the initial population's strings are cut from (clause 4.3.2.2: random
   -- alphanumeric strings): 1920 characters of md5 digits, drawn once per load, short enough
   -- to stay in its row (a TOASTed value would be fetched again for every string cut)
   [[CREATE TABLE tpcc_pool AS SELECT string_agg(md5(random()::text), '') AS s
     FROM generate_series(1, 60)]],
   [[CREATE FUNCTION tpcc_last(n int) RETURNS text LANGUAGE sql IMMUTABLE AS
     $$ SELECT s[n / 100 + 1] || s[n / 10 % 10 + 1] || s[n % 10 + 1]
        FROM (SELECT ARRAY['BAR','OUGHT','ABLE','PRI','PRES','ESE','ANTI','CALLY','ATION',
                           'EING'] AS s) a $$]],
   [[CREATE TABLE tpcc_load (threads int, done int)]],
}

local KEYS = {
   "ALTER TABLE warehouse ADD PRIMARY KEY (w_id)",
   "ALTER TABLE district ADD PRIMARY KEY (d_w_id, d_id)",
   "ALTER TABLE customer ADD PRIMARY KEY (c_w_id, c_d_id, c_id)",
   "CREATE INDEX customer_name ON customer (c_w_id, c_d_id, c_last, c_first)",
   "ALTER TABLE new_orders ADD PRIMARY KEY (no_w_id, no_d_id, no_o_id)",
   "ALTER TABLE orders ADD PRIMARY KEY (o_w_id, o_d_id, o_id)",
   "CREATE INDEX orders_customer ON orders (o_w_id, o_d_id, o_c_id, o_id)",
   "ALTER TABLE order_line ADD PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number)",
   "ALTER TABLE item ADD PRIMARY KEY (i_id)",
   "ALTER TABLE stock ADD PRIMARY KEY (s_w_id, s_i_id)",
}

-- SQL for the initial population's values, per row (the pool joined as p):
-- a random string of lo..hi characters, cut from the pool at a random place
local function astr(lo, hi)
   return string.format("substr(p.s, 1 + floor(random() * 1400)::int, " ..
                        "%d + floor(random() * %d)::int)", lo, hi - lo + 1)
end

-- n random digits
local function nstr(n)
   return string.format("lpad(floor(random() * 1e%d)::bigint::text, %d, '0')", n, n)
end

-- I_DATA and S_DATA: 26..50 characters, 10 % of them holding "ORIGINAL" at a random place
local DATA = "CASE WHEN random() < 0.1 THEN " .. astr(0, 17) .. " || 'ORIGINAL' || " ..
   astr(18, 25) .. " ELSE " .. astr(26, 50) .. " END"

local ADDRESS = astr(10, 20) .. ", " .. astr(10, 20) .. ", " .. astr(10, 20) .. ", " ..
   "chr(65 + floor(random() * 26)::int) || chr(65 + floor(random() * 26)::int), " ..
   nstr(4) .. " || '11111'"

local function load_items()
   q("INSERT INTO item SELECT i, 1 + floor(random() * 10000)::int, %s, " ..
     "round((1 + random() * 99)::numeric, 2), %s FROM tpcc_pool p, generate_series(1, %d) i",
     astr(14, 24), DATA, items())
end

local function load_warehouse(w)
   local c, first_new = customers(), first_new_order()

   q("INSERT INTO warehouse SELECT %d, %s, %s, round((random() * 0.2)::numeric, 4), " ..
     "300000.00 FROM tpcc_pool p", w, astr(6, 10), ADDRESS)
   q("INSERT INTO district SELECT d, %d, %s, %s, round((random() * 0.2)::numeric, 4), " ..
     "30000.00, %d FROM tpcc_pool p, generate_series(1, %d) d",
     w, astr(6, 10), ADDRESS, c + 1, DISTRICTS)
   q("INSERT INTO stock SELECT i, %d, 10 + floor(random() * 91)::int, " ..
     string.rep(astr(24, 24) .. ", ", 10) .. "0, 0, 0, %s " ..
     "FROM tpcc_pool p, generate_series(1, %d) i", w, DATA, items())
   -- the first customers of a district carry the last names in turn, the others NURand's
   q("INSERT INTO customer SELECT c, d, %d, %s, 'OE', " ..
     "tpcc_last(CASE WHEN c <= %d THEN c - 1 ELSE " ..
     "((floor(random() * 256)::int | floor(random() * %d)::int) + %d) %% %d END), " ..
     "%s, %s || %s, now(), CASE WHEN random() < 0.1 THEN 'BC' ELSE 'GC' END, 50000.00, " ..
     "round((random() * 0.5)::numeric, 4), -10.00, 10.00, 1, 0, %s " ..
     "FROM tpcc_pool p, generate_series(1, %d) d, generate_series(1, %d) c",
     w, astr(8, 16), last_names(), last_names(), C_LAST_LOAD, last_names(), ADDRESS, nstr(8),
     nstr(8), astr(300, 500), DISTRICTS, c)
   q("INSERT INTO history SELECT c, d, %d, d, %d, now(), 10.00, %s " ..
     "FROM tpcc_pool p, generate_series(1, %d) d, generate_series(1, %d) c",
     w, w, astr(12, 24), DISTRICTS, c)
   -- each district's orders go to a random permutation of its customers
   q("INSERT INTO orders SELECT o, d, %d, c, now(), " ..
     "CASE WHEN o < %d THEN 1 + floor(random() * 10)::int END, " ..
     "5 + floor(random() * 11)::int, 1 FROM (SELECT d, c, row_number() OVER " ..
     "(PARTITION BY d ORDER BY random()) AS o FROM generate_series(1, %d) d, " ..
     "generate_series(1, %d) c) x", w, first_new, DISTRICTS, c)
   q("INSERT INTO order_line SELECT o_id, o_d_id, o_w_id, n, 1 + floor(random() * %d)::int, " ..
     "o_w_id, CASE WHEN o_id < %d THEN o_entry_d END, 5, " ..
     "CASE WHEN o_id < %d THEN 0 ELSE round((0.01 + random() * 9999.98)::numeric, 2) END, " ..
     "%s FROM tpcc_pool p, orders, generate_series(1, 15) n " ..
     "WHERE o_w_id = %d AND n <= o_ol_cnt", items(), first_new, first_new, astr(24, 24), w)
   q("INSERT INTO new_orders SELECT o, d, %d FROM generate_series(1, %d) d, " ..
     "generate_series(%d, %d) o", w, DISTRICTS, first_new, c)
end

-- one thread creates the schema while the others wait on the same advisory lock; each loads
-- its share of the warehouses; the last to finish adds the keys and indexes, drops the load's
-- own tables, then VACUUM ANALYZE (hint bits and statistics before the measured run) and a
-- CHECKPOINT
function cmd_prepare()
   local threads = sysbench.opt.threads

   con = sysbench.sql.driver():connect()
   con:query("SELECT pg_advisory_lock(7411)")
   if not row("SELECT to_regclass('tpcc_load')") then
      for _, s in ipairs(SCHEMA) do
         con:query(s)
      end
      q("INSERT INTO tpcc_load VALUES (%d, 0)", threads)
      load_items()
   end
   con:query("SELECT pg_advisory_unlock(7411)")
   for w = sysbench.tid + 1, warehouses(), threads do
      load_warehouse(w)
   end
   if tonumber(row("UPDATE tpcc_load SET done = done + 1 RETURNING done")) == threads then
      for _, s in ipairs(KEYS) do
         con:query(s)
      end
      con:query("DROP TABLE tpcc_pool, tpcc_load")
      con:query("VACUUM ANALYZE")
      con:query("CHECKPOINT")
   end
   con:disconnect()
end

-- ---- check: consistency conditions 1-4 (clause 3.3.2.1 - 3.3.2.4) -------------------------

-- Each query returns the rows that break the condition; the lines name the numbers.
local CHECKS = {
   {1, "W_YTD = sum(D_YTD)", "w_id, w_ytd, sum_d_ytd",
    [[SELECT w_id, w_ytd, s FROM warehouse,
        (SELECT d_w_id, sum(d_ytd) AS s FROM district GROUP BY d_w_id) d
      WHERE d_w_id = w_id AND w_ytd <> s ORDER BY w_id]],
    "SELECT count(*) FROM warehouse"},
   {2, "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)",
    "w_id, d_id, d_next_o_id_minus_1, max_o_id, max_no_o_id",
    [[SELECT d_w_id, d_id, d_next_o_id - 1, o.m, n.m FROM district
        LEFT JOIN (SELECT o_w_id, o_d_id, max(o_id) AS m FROM orders GROUP BY 1, 2) o
          ON o_w_id = d_w_id AND o_d_id = d_id
        LEFT JOIN (SELECT no_w_id, no_d_id, max(no_o_id) AS m FROM new_orders GROUP BY 1, 2) n
          ON no_w_id = d_w_id AND no_d_id = d_id
      WHERE d_next_o_id - 1 IS DISTINCT FROM o.m
         OR (n.m IS NOT NULL AND n.m <> d_next_o_id - 1) ORDER BY 1, 2]],
    "SELECT count(*) FROM district"},
   {3, "max(NO_O_ID) - min(NO_O_ID) + 1 = count(NEW-ORDER rows)",
    "w_id, d_id, max_minus_min_plus_1, rows",
    [[SELECT no_w_id, no_d_id, max(no_o_id) - min(no_o_id) + 1, count(*) FROM new_orders
      GROUP BY 1, 2 HAVING max(no_o_id) - min(no_o_id) + 1 <> count(*) ORDER BY 1, 2]],
    "SELECT count(DISTINCT (no_w_id, no_d_id)) FROM new_orders"},
   {4, "sum(O_OL_CNT) = count(ORDER-LINE rows)", "w_id, d_id, sum_o_ol_cnt, order_lines",
    [[SELECT o.w, o.d, o.s, l.n FROM
        (SELECT o_w_id AS w, o_d_id AS d, sum(o_ol_cnt) AS s FROM orders GROUP BY 1, 2) o
        FULL JOIN (SELECT ol_w_id AS w, ol_d_id AS d, count(*) AS n FROM order_line
                   GROUP BY 1, 2) l USING (w, d)
      WHERE o.s IS DISTINCT FROM l.n ORDER BY 1, 2]],
    "SELECT count(*) FROM district"},
}

-- "tpcc-check condition=N checked=ROWS violations=N what=TEXT" per condition, and up to ten
-- "tpcc-check condition=N violation COL=VALUE ..." lines per condition (NULL as "null")
function cmd_check()
   con = sysbench.sql.driver():connect()
   con:query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
   for _, c in ipairs(CHECKS) do
      local rs = con:query(c[4])
      local n, cols, bad = rs.nrows, {}, {}

      for name in string.gmatch(c[3], "[^, ]+") do
         cols[#cols + 1] = name
      end
      -- the rows are read before the next query replaces the connection's result
      for k = 1, math.min(n, 10) do
         local r, f = rs:fetch_row(), {}

         for j = 1, #cols do
            f[j] = cols[j] .. "=" .. (r[j] or "null")
         end
         bad[k] = string.format("tpcc-check condition=%d violation %s", c[1],
                                table.concat(f, " "))
      end
      print(string.format("tpcc-check condition=%d checked=%s violations=%d what=%s", c[1],
                          row(c[5]), n, c[2]))
      for _, line in ipairs(bad) do
         print(line)
      end
   end
   con:query("COMMIT")
   con:disconnect()
end

sysbench.cmdline.commands = {
   prepare = {cmd_prepare, sysbench.cmdline.PARALLEL_COMMAND},
   check = {cmd_check},
}
