! subtick.f90 - libsubtick for Fortran (ISO_C_BINDING): time a region of
! your program and write the subtick stream, for `analyze`.
!
!   use subtick
!   type(c_ptr) :: r                  ! a recorder is a C pointer
!   integer(c_int64_t) :: t0, n
!   r = subtick_open('loop.st', 'my-loop')
!   t0 = subtick_start(r)
!   call work(n)
!   call subtick_stop(r, n, t0)
!   if (subtick_close(r) /= 0) stop 'subtick_close failed'
!
! Or let the library plan N, as collect does (a probe of the region's
! cost, the N range from the clock's tick and the wanted precision,
! shuffled sweeps until the budget is spent): subtick_next gives the next
! N, and .false. when the plan is done.
!   r = subtick_open('loop.st', 'my-loop', plan_budget_s=1d0)
!   do while (subtick_next(r, n))
!      t0 = subtick_start(r)
!      call work(n)
!      call subtick_stop(r, n, t0)
!   end do
!
! subtick_open takes the options of the C library as optional arguments:
!   r = subtick_open('rank.st', 'loop', clock='monotonic-raw', &
!                    coarsen_bits=0, capacity=65536_c_size_t, cpu=1, &
!                    raise_priority=.false., keys=[character(8) :: 'rank', '3'], &
!                    summary=.true., plan_n_min=1000_c_int64_t, &
!                    plan_n_max=64000_c_int64_t, plan_points=64, &
!                    plan_budget_s=2d0, plan_precision=1d-4, plan_until=0d0, &
!                    plan_seed=42_c_int64_t)
! keys holds key, value, key, value, ... (trailing blanks are trimmed);
! summary prints the unit cost so far to stderr at subtick_close; the
! plan_ options are subtick_next's (subtick(3): 0 takes the default).
!
! What the recorder has seen so far, computed in the program by the code
! analyze runs on the stream:
!   type(subtick_result_t) :: res
!   if (subtick_result(r, res) == 0 .and. res%ok /= 0) &
!        print *, res%unit_cost_ns, res%unit_cost_ns_lo, res%unit_cost_ns_hi
!   if (iand(res%warnings, SUBTICK_WARN_WIDE) /= 0) print *, 'wide bounds'
!
! Build: gfortran prog.f90 $(pkg-config --cflags --libs subtick-fortran)
! The strings are trimmed and NUL-terminated here; the rest is the C
! library's (subtick/subtick.h, subtick(3)).  A recorder is used by one
! thread at a time.
module subtick
  use, intrinsic :: iso_c_binding, only: c_ptr, c_char, c_int, c_int64_t, &
       c_size_t, c_null_char, c_null_ptr, c_loc, c_associated, c_f_pointer, &
       c_sizeof, c_double
  implicit none
  private
  public :: subtick_open, subtick_start, subtick_stop, subtick_close, subtick_next, &
       subtick_samples, subtick_dropped, subtick_version, subtick_result, &
       subtick_result_t, c_ptr, c_int, c_int64_t, c_size_t, c_double, &
       c_associated, SUBTICK_WARN_NO_LINE, SUBTICK_WARN_FEW_POINTS, &
       SUBTICK_WARN_FEW_RUNS, SUBTICK_WARN_FEW_TICKS, SUBTICK_WARN_WIDE, &
       SUBTICK_WARN_DROPPED, SUBTICK_WARN_NOT_POSITIVE, SUBTICK_WARN_GLITCH, &
       SUBTICK_WARN_DRIFT

  ! struct subtick_options, field for field (API version 8)
  type, bind(c) :: c_options
     integer(c_size_t) :: size
     type(c_ptr) :: clock
     integer(c_int) :: coarsen_bits
     integer(c_size_t) :: capacity
     integer(c_int) :: cpu
     integer(c_int) :: raise_priority
     type(c_ptr) :: keys
     integer(c_int) :: summary
     integer(c_int64_t) :: plan_n_min, plan_n_max
     integer(c_size_t) :: plan_points
     real(c_double) :: plan_budget_s, plan_precision, plan_until
     integer(c_int64_t) :: plan_seed
  end type c_options

  ! struct subtick_result, field for field (API version 5): times in clock
  ! units, the _ns fields NaN where ns per unit is unknown; ok /= 0 once
  ! there is a line (3 distinct n); the counts are the C uint64_t's, the
  ! warnings the SUBTICK_WARN_* bits below (subtick(3)).
  type, bind(c) :: subtick_result_t
     integer(c_size_t) :: size = 0
     integer(c_int) :: ok = 0
     real(c_double) :: unit_cost = 0, unit_cost_lo = 0, unit_cost_hi = 0
     real(c_double) :: overhead = 0, overhead_lo = 0, overhead_hi = 0
     real(c_double) :: unit_ns = 0
     real(c_double) :: unit_cost_ns = 0, unit_cost_ns_lo = 0, unit_cost_ns_hi = 0
     real(c_double) :: overhead_ns = 0, overhead_ns_lo = 0, overhead_ns_hi = 0
     integer(c_int64_t) :: points = 0, samples = 0, runs_min = 0
     integer(c_int) :: warnings = 0
  end type subtick_result_t

  integer(c_int), parameter :: SUBTICK_WARN_NO_LINE = 1, &
       SUBTICK_WARN_FEW_POINTS = 2, SUBTICK_WARN_FEW_RUNS = 4, &
       SUBTICK_WARN_FEW_TICKS = 8, SUBTICK_WARN_WIDE = 16, &
       SUBTICK_WARN_DROPPED = 32, SUBTICK_WARN_NOT_POSITIVE = 64, &
       SUBTICK_WARN_GLITCH = 128, SUBTICK_WARN_DRIFT = 256

  interface
     subroutine c_options_init(opt, size) bind(c, name='subtick_options_init_size')
       import :: c_options, c_size_t
       type(c_options), intent(out) :: opt
       integer(c_size_t), value :: size
     end subroutine c_options_init

     function c_open(path, label, opt) bind(c, name='subtick_open') result(r)
       import :: c_ptr, c_char, c_options
       character(kind=c_char), dimension(*), intent(in) :: path, label
       type(c_options), intent(in) :: opt
       type(c_ptr) :: r
     end function c_open

     function c_start(r) bind(c, name='subtick_start') result(t)
       import :: c_ptr, c_int64_t
       type(c_ptr), value :: r
       integer(c_int64_t) :: t
     end function c_start

     function c_stop(r, n, t0) bind(c, name='subtick_stop') result(rc)
       import :: c_ptr, c_int64_t, c_int
       type(c_ptr), value :: r
       integer(c_int64_t), value :: n, t0
       integer(c_int) :: rc
     end function c_stop

     function c_next(r, n) bind(c, name='subtick_next') result(rc)
       import :: c_ptr, c_int64_t, c_int
       type(c_ptr), value :: r
       integer(c_int64_t), intent(out) :: n
       integer(c_int) :: rc
     end function c_next

     function c_close(r) bind(c, name='subtick_close') result(rc)
       import :: c_ptr, c_int
       type(c_ptr), value :: r
       integer(c_int) :: rc
     end function c_close

     function c_samples(r) bind(c, name='subtick_samples') result(k)
       import :: c_ptr, c_int64_t
       type(c_ptr), value :: r
       integer(c_int64_t) :: k
     end function c_samples

     function c_dropped(r) bind(c, name='subtick_dropped') result(k)
       import :: c_ptr, c_int64_t
       type(c_ptr), value :: r
       integer(c_int64_t) :: k
     end function c_dropped

     function c_result(r, res, size) bind(c, name='subtick_result_size') result(rc)
       import :: c_ptr, c_int, c_size_t, subtick_result_t
       type(c_ptr), value :: r
       type(subtick_result_t), intent(inout) :: res
       integer(c_size_t), value :: size
       integer(c_int) :: rc
     end function c_result

     function c_version() bind(c, name='subtick_version') result(s)
       import :: c_ptr
       type(c_ptr) :: s
     end function c_version
  end interface

  ! NUL-terminated copies of strings, and pointers to them, alive for one
  ! subtick_open call
  type :: c_strings
     character(kind=c_char), allocatable :: text(:)
     type(c_ptr), allocatable :: ptr(:)
  end type c_strings

contains

  ! The strings trimmed and NUL-terminated into s%text; s%ptr points at each,
  ! then holds a NULL (the C key list's end).
  subroutine c_strings_make(words, s)
    character(len=*), intent(in) :: words(:)
    type(c_strings), intent(out), target :: s
    integer :: i, j, at, total
    total = 0
    do i = 1, size(words)
       total = total + len_trim(words(i)) + 1
    end do
    allocate(s%text(max(total, 1)), s%ptr(size(words) + 1))
    at = 1
    do i = 1, size(words)
       s%ptr(i) = c_loc(s%text(at))
       do j = 1, len_trim(words(i))
          s%text(at) = words(i)(j:j)
          at = at + 1
       end do
       s%text(at) = c_null_char
       at = at + 1
    end do
    s%ptr(size(words) + 1) = c_null_ptr
  end subroutine c_strings_make

  ! NULL (c_associated false) when the file cannot be created, the clock
  ! cannot be read, or an option or key is refused (subtick(3)).
  function subtick_open(path, label, clock, coarsen_bits, capacity, cpu, &
       raise_priority, keys, summary, plan_n_min, plan_n_max, plan_points, &
       plan_budget_s, plan_precision, plan_until, plan_seed) result(r)
    character(len=*), intent(in) :: path, label
    character(len=*), intent(in), optional :: clock
    integer, intent(in), optional :: coarsen_bits, cpu
    integer(c_size_t), intent(in), optional :: capacity
    logical, intent(in), optional :: raise_priority
    character(len=*), intent(in), optional :: keys(:)
    logical, intent(in), optional :: summary
    integer(c_int64_t), intent(in), optional :: plan_n_min, plan_n_max, plan_seed
    integer, intent(in), optional :: plan_points
    real(c_double), intent(in), optional :: plan_budget_s, plan_precision, plan_until
    type(c_ptr) :: r
    type(c_options) :: opt
    type(c_strings), target :: clock_s, keys_s
    call c_options_init(opt, c_sizeof(opt))
    if (present(clock)) then
       call c_strings_make([clock], clock_s)
       opt%clock = clock_s%ptr(1)
    end if
    if (present(coarsen_bits)) opt%coarsen_bits = int(coarsen_bits, c_int)
    if (present(capacity)) opt%capacity = capacity
    if (present(cpu)) opt%cpu = int(cpu, c_int)
    if (present(raise_priority)) then
       opt%raise_priority = 0
       if (raise_priority) opt%raise_priority = 1
    end if
    if (present(summary)) then
       opt%summary = 0
       if (summary) opt%summary = 1
    end if
    if (present(plan_n_min)) opt%plan_n_min = plan_n_min
    if (present(plan_n_max)) opt%plan_n_max = plan_n_max
    if (present(plan_points)) opt%plan_points = int(plan_points, c_size_t)
    if (present(plan_budget_s)) opt%plan_budget_s = plan_budget_s
    if (present(plan_precision)) opt%plan_precision = plan_precision
    if (present(plan_until)) opt%plan_until = plan_until
    if (present(plan_seed)) opt%plan_seed = plan_seed
    if (present(keys)) then
       if (mod(size(keys), 2) /= 0) then  ! a key without its value
          r = c_null_ptr
          return
       end if
       call c_strings_make(keys, keys_s)
       opt%keys = c_loc(keys_s%ptr(1))
    end if
    r = c_open(trim(path) // c_null_char, trim(label) // c_null_char, opt)
  end function subtick_open

  ! The clock reading that starts a region (the C uint64_t, as bits).
  function subtick_start(r) result(t0)
    type(c_ptr), intent(in) :: r
    integer(c_int64_t) :: t0
    t0 = c_start(r)
  end function subtick_start

  ! status (optional): 0 kept, 1 not kept (CPU changed, clock stepped
  ! back), -1 refused (no region begun by t0, or r closed or null) or
  ! kept but not written (a write failed: the disk is full).
  subroutine subtick_stop(r, n, t0, status)
    type(c_ptr), intent(in) :: r
    integer(c_int64_t), intent(in) :: n, t0
    integer, intent(out), optional :: status
    integer(c_int) :: rc
    rc = c_stop(r, n, t0)
    if (present(status)) status = int(rc)
  end subroutine subtick_stop

  ! .true. with n the next N to time from the library's plan; .false.
  ! when the plan is done (the budget spent, the precision reached) or r
  ! is refused (subtick(3)), n then 0.
  logical function subtick_next(r, n)
    type(c_ptr), intent(in) :: r
    integer(c_int64_t), intent(out) :: n
    subtick_next = c_next(r, n) /= 0
  end function subtick_next

  ! 0, or -1 when a write failed (or r was closed or null).
  function subtick_close(r) result(rc)
    type(c_ptr), intent(in) :: r
    integer(c_int) :: rc
    rc = c_close(r)
  end function subtick_close

  function subtick_samples(r) result(k)
    type(c_ptr), intent(in) :: r
    integer(c_int64_t) :: k
    k = c_samples(r)
  end function subtick_samples

  function subtick_dropped(r) result(k)
    type(c_ptr), intent(in) :: r
    integer(c_int64_t) :: k
    k = c_dropped(r)
  end function subtick_dropped

  ! 0 (res%ok says whether there is a line yet), or -1 when r is closed
  ! or null, or busy in another thread (subtick(3)).
  function subtick_result(r, res) result(rc)
    type(c_ptr), intent(in) :: r
    type(subtick_result_t), intent(out) :: res
    integer(c_int) :: rc
    rc = c_result(r, res, c_sizeof(res))
  end function subtick_result

  ! The library's version, "0.1.0 (626a3e1)".
  function subtick_version() result(v)
    character(len=:), allocatable :: v
    character(kind=c_char), pointer :: s(:)
    integer :: n
    call c_f_pointer(c_version(), s, [256])
    n = 0
    do while (n < 256)
       if (s(n + 1) == c_null_char) exit
       n = n + 1
    end do
    allocate(character(len=n) :: v)
    v = transfer(s(1:n), v)
  end function subtick_version

end module subtick
