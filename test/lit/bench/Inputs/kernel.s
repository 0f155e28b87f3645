	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.text
	.globl	kernel
kernel:
	s_load_dwordx2 s[0:1], s[0:1], 0x0
.LBB0_1:
	ds_read_b128 v[4:7], v1
	v_fmac_f32_e32 v8, v4, v5
	v_pk_mul_f32 v[10:11], v[4:5], v[6:7]
	v_mfma_f32_16x16x16_f16 a[0:3], v[4:5], v[6:7], a[0:3]
	s_add_u32 s2, s2, 1
	s_cmp_lg_u32 s2, 16
	s_cbranch_scc1 .LBB0_1
	global_load_dword v2, v[0:1], off
	s_endpgm
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; NumVgprs: 12
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .group_segment_fixed_size: 1024
    .private_segment_fixed_size: 0
    .sgpr_count:     10
    .sgpr_spill_count: 0
    .vgpr_count:     12
    .vgpr_spill_count: 1
amdhsa.version:
  - 1
  - 2
